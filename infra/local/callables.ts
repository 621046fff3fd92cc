import { CallableFailed, type Callables } from '../../shared/platform/ports/callables.js';
import { backgroundScope, type CallableDefinition } from '../../shared/platform/registry/background.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';

/**
 * The embedded runtime's callables: the declaration's handler in this process, with the runtime's deps
 * and in its log scope. The request and the answer pass through JSON and a handler's error comes back as
 * CallableFailed, as from a Lambda invocation, so what a caller sees is the same on both sides. The
 * declarations are loaded at the first call (the list imports every background module).
 */
export function localCallables(
  deps: () => Deps,
  declarations: () => Promise<readonly CallableDefinition[]> = () => import('../../functions/background.js').then((m) => m.callables),
): Callables {
  let declared: Promise<Map<string, CallableDefinition>> | undefined;
  const byName = () => (declared ??= declarations().then((list) => new Map(list.map((c) => [c.name, c] as const))));
  return {
    async call(name, request) {
      const c = (await byName()).get(name);
      if (!c) throw new Error(`no callable ${name} in functions/background.ts`);
      const d = deps();
      let answer: unknown;
      try {
        answer = await backgroundScope(d, c, () => c.handler(d, JSON.parse(JSON.stringify(request ?? null))));
      } catch (e) {
        throw new CallableFailed(name, (e as Error).message);
      }
      return answer === undefined ? null : JSON.parse(JSON.stringify(answer));
    },
  };
}
