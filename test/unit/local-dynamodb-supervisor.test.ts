import { describe, expect, it } from 'vitest';
import type { DynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { superviseDynamoDbLocal, type RestartPolicy } from '../../infra/local/dynamodb-supervisor.js';

/**
 * The restart policy with stand-in instances (the real java is killed under a runtime in
 * test/integration/local-dynamodb-supervision.test.ts): which starts happen, on which port, and when
 * the supervisor gives up.
 */
const policy: RestartPolicy = { attempts: 3, firstDelayMs: 1, maxDelayMs: 4, maxRestarts: 2, windowMs: 60_000 };

function standIns(plan: ('ok' | 'fail')[]) {
  const started: { port?: number; dbPath?: string }[] = [];
  const instances: (DynamoDbLocal & { crash(): void })[] = [];
  let pid = 100;
  const start = async (o: { port?: number; dbPath?: string } = {}) => {
    started.push({ port: o.port, dbPath: o.dbPath });
    if ((plan[started.length - 1] ?? 'ok') === 'fail') throw new Error('DynamoDB Local exited early: port in use');
    let crash!: () => void;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => (crash = () => r({ code: null, signal: 'SIGKILL' })));
    const db = { endpoint: 'http://127.0.0.1:4567', port: 4567, pid: ++pid, exited, stop: async () => crash(), crash };
    instances.push(db);
    return db;
  };
  return { start, started, instances };
}

/** Waits (bounded) for a condition the supervisor reaches asynchronously. */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
}

describe('DynamoDB Local supervision', () => {
  it('restarts a java that died on the same data folder and port, and reports the store back', async () => {
    const s = standIns(['ok', 'fail', 'ok']);
    const restored: number[] = [];
    const lost: Error[] = [];
    const db = await superviseDynamoDbLocal({
      dbPath: '/data/ddb',
      policy,
      start: s.start,
      onRestored: (d) => restored.push(d.pid),
      onLost: (e) => lost.push(e),
    });
    const first = db.pid;
    s.instances[0].crash();
    expect(await until(() => restored.length === 1)).toBe(true);
    expect(s.started).toEqual([
      { port: undefined, dbPath: '/data/ddb' },
      { port: 4567, dbPath: '/data/ddb' },
      { port: 4567, dbPath: '/data/ddb' },
    ]);
    expect(db.pid).not.toBe(first);
    expect(db.pid).toBe(restored[0]);
    expect(db.endpoint).toBe('http://127.0.0.1:4567');
    expect(lost).toEqual([]);
    await db.stop();
  });

  it('gives up after the bounded attempts of one outage, once, with the last error', async () => {
    const s = standIns(['ok', 'fail', 'fail', 'fail', 'ok']);
    const lost: Error[] = [];
    const db = await superviseDynamoDbLocal({ dbPath: '/data/ddb', policy, start: s.start, onLost: (e) => lost.push(e) });
    s.instances[0].crash();
    expect(await until(() => lost.length > 0)).toBe(true);
    expect(lost[0].message).toMatch(/could not be restarted after 3 attempts: DynamoDB Local exited early: port in use/);
    expect(s.started).toHaveLength(4);
    expect(await db.exited).toMatchObject({ code: 1 });
  });

  it('a crash loop is lost even when each start succeeds', async () => {
    const s = standIns([]);
    const lost: Error[] = [];
    const db = await superviseDynamoDbLocal({ dbPath: '/data/ddb', policy, start: s.start, onLost: (e) => lost.push(e) });
    for (let n = 0; n < 3; n++) {
      s.instances[n].crash();
      expect(await until(() => s.instances.length === n + 2 || lost.length > 0)).toBe(true);
    }
    expect(lost.map((e) => e.message)).toEqual([expect.stringMatching(/exited 3 times within 1 min \(crash loop\)/)]);
    expect(s.started).toHaveLength(3);
    await db.stop();
  });

  it('an in-memory store is lost at once (its tables died with it); stop() never restarts', async () => {
    const s = standIns([]);
    const lost: Error[] = [];
    const mem = await superviseDynamoDbLocal({ policy, start: s.start, onLost: (e) => lost.push(e) });
    s.instances[0].crash();
    expect(await until(() => lost.length > 0)).toBe(true);
    expect(lost[0].message).toMatch(/in memory.*data is gone/);
    expect(await mem.exited).toMatchObject({ code: 1 });

    const kept = await superviseDynamoDbLocal({ dbPath: '/data/ddb', policy, start: s.start, onLost: (e) => lost.push(e) });
    await kept.stop();
    await new Promise((r) => setTimeout(r, 50));
    expect(s.started).toHaveLength(2);
    expect(lost).toHaveLength(1);
  });
});
