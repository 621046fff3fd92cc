import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { Tenant } from '../../shared/workspace/tenancy/entities.js';
import { forEachTenant } from '../../shared/workspace/tenancy/each-tenant.js';

// The one walk over every tenant that schedules and sweeps share: past the first page of 100, without a
// cap, and one workspace's failure does not stop the others. DynamoDB Local, a fresh table prefix.
// Deps only, no runtime: a runtime's own sweeps would walk these 230 tenants too, and its stop waits for
// the walks in flight (20 s and more on a loaded machine).
let deps: Deps;
const COUNT = 230;

beforeAll(async () => {
  deps = await localDeps(inject('dynamoEndpoint'), { TABLE_PREFIX: `w${randomBytes(4).toString('hex')}-`, LOG_LEVEL: 'silent' });
  const at = new Date(deps.clock.now()).toISOString();
  for (let i = 0; i < COUNT; i += 25)
    await Promise.all(
      Array.from({ length: Math.min(25, COUNT - i) }, (_, k) => {
        const tenantId = `walk${String(i + k).padStart(4, '0')}`;
        return deps.platform.put(Tenant.item({ tenantId, createdAt: at }, { tenantId, name: tenantId, status: 'ACTIVE', createdAt: at }));
      }),
    );
}, 120_000);

describe('forEachTenant', () => {
  it('visits every tenant once over several pages, sums what each answers, and goes on after one fails', async () => {
    const visited: string[] = [];
    const { tenants, total } = await forEachTenant(deps, 'test walk', async (tenantId) => {
      visited.push(tenantId);
      if (tenantId === 'walk0150') throw new Error('this workspace is broken');
      return tenantId.startsWith('walk') ? 2 : 0;
    });
    const ours = visited.filter((t) => t.startsWith('walk'));
    expect(ours).toHaveLength(COUNT);
    expect(new Set(visited).size).toBe(visited.length);
    expect(tenants).toBe(visited.length);
    expect(total).toBe(2 * (COUNT - 1));
  }, 60_000);
});
