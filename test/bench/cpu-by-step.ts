import { Session } from 'node:inspector/promises';

/**
 * This process's CPU by step, from V8's sampling profiler (one sample per ms): a sample belongs to the
 * innermost frame on its stack that `stepOf` names; else to the library its leaf-most frame is in
 * (`libraryOf`). Work resumed after an await (the AWS SDK's middleware, mostly) has no caller on its
 * stack, so it is its own row. Printed by the benches, never asserted.
 */
export async function profileCpu(stepOf: (fn: string, url: string) => string | undefined, libraryOf: (url: string) => string | undefined) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  return async (): Promise<Record<string, number>> => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const memo = new Map<number, string>();
    const categoryOf = (id: number): string => {
      const cached = memo.get(id);
      if (cached) return cached;
      let library: string | undefined;
      let step: string | undefined;
      for (let at: number | undefined = id; at !== undefined && !step; at = parent.get(at)) {
        const f = byId.get(at)!.callFrame;
        step = stepOf(f.functionName, f.url);
        library ??= libraryOf(f.url);
        if (!step && f.functionName === '(garbage collector)') step = 'garbage collection';
        if (!step && (f.functionName === '(idle)' || f.functionName === '(program)')) step = `(${f.functionName.slice(1, -1)})`;
      }
      const category = step ?? library ?? 'other';
      memo.set(id, category);
      return category;
    };
    const ms: Record<string, number> = {};
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const category = categoryOf(samples[i]);
      ms[category] = (ms[category] ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    }
    delete ms['(idle)'];
    return ms;
  };
}
