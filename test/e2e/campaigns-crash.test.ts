import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { LedgerEntry } from '../../shared/workspace/billing/entities.js';
import type { LedgerItem } from '../../shared/workspace/billing/ledger.js';
import { addContactsToList, createContactList } from '../../shared/crm/contact-lists/lists.js';
import { Recipient } from '../../shared/mailing/campaigns/entities.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startChildRuntime } from '../support/child-runtime.js';
import { client, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { waitFor } from './campaigns-fixtures.js';

// Real parts: two runtime processes in turn (the first killed with SIGKILL mid-preparation) on the
// run's DynamoDB Local and the same table prefix, the campaign-recipients ASL on the local runner,
// the builtin AI. Nothing mocked. The clock is never moved.
const RECIPIENTS = 120;
const env = {
  ...process.env,
  TABLE_PREFIX: `c${randomBytes(4).toString('hex')}-`,
  DYNAMO_ENDPOINT: inject('dynamoEndpoint'),
  SVC_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
  LOG_LEVEL: 'silent',
  LOCAL_WORKFLOW_TICK_MS: '200',
  DATA_DIR: mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'campaign-crash-')),
};
let deps: Deps;
const children: ChildProcess[] = [];

beforeAll(async () => {
  deps = await localDeps(inject('dynamoEndpoint'), env); // no workers in this process: only the children prepare
}, 120_000);
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('a campaign preparation across a crash', () => {
  it(`kill -9 mid-preparation (${RECIPIENTS} recipients): the restarted runtime resumes the same generation at once, every recipient READY, each charged once`, async () => {
    const first = await startChildRuntime(env, children);
    const owner = await createApprovedAccount(deps);
    await credit(deps, owner.tenantId, 10, 'test balance', 'test');
    const http = client(first.url, { key: owner.apiKey });
    const table = deps.tenantTable(owner.tenantId);
    const now = deps.clock.now();
    const ids: string[] = [];
    for (let i = 0; i < RECIPIENTS; i += 40)
      ids.push(
        ...(
          await Promise.all(
            Array.from({ length: Math.min(40, RECIPIENTS - i) }, (_, k) =>
              createContact(table, { firstName: `P${i + k}`, email: `p${i + k}@crash-buyer.test` }, now),
            ),
          )
        ).map((c) => c.id),
      );
    const list = await createContactList(table, { name: 'crash' }, now);
    await addContactsToList(table, list.id, ids, now);
    const creative = await http.post('/api/creatives', {
      name: 'Crash',
      subject: 'Quick question, {{firstName}}',
      bodyHtml: '<p>Hello {{firstName}},</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p>',
    });
    const c = (await http.post('/api/campaigns', { name: 'crash', renderMode: 'PLATFORM', creativeIds: [creative.body.id] })).body;
    expect((await http.post(`/api/campaigns/${c.id}/pour`, { listId: list.id })).status).toBeLessThan(300);
    expect((await http.post(`/api/campaigns/${c.id}/screen`)).status).toBeLessThan(300);
    const g = (await http.post(`/api/campaigns/${c.id}/preparations`)).body;
    expect(g.alreadyRunning).toBe(false);

    // Kill the runtime with SIGKILL once some, but not all, recipients are prepared.
    await waitFor(
      'a first step of the preparation',
      async () => ((await http.get(`/api/campaigns/${c.id}/preparations/${g.generationId}`)).body.processed ?? 0) > 0,
      3000,
    );
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));
    const cut = (await table.query<{ status: string }>({ ...Recipient.query('primary', { campaignId: c.id }), skBeginsWith: 'RCPT#', limit: 1000 })).items;
    const readyAtKill = cut.filter((r) => r.status === 'READY').length;
    expect(readyAtKill).toBeLessThan(RECIPIENTS);

    const second = await startChildRuntime(env, children);
    const http2 = client(second.url, { key: owner.apiKey });
    // Starting it again answers the same generation, running (resumed), not a dead one and not a new one.
    expect((await http2.post(`/api/campaigns/${c.id}/preparations`)).body).toMatchObject({ generationId: g.generationId, alreadyRunning: true });
    const done = await waitFor(
      'every recipient READY after the restart',
      async () => {
        const r = (await http2.get(`/api/campaigns/${c.id}`)).body;
        return r.recipients.READY === RECIPIENTS && r;
      },
      3000,
    );
    expect(done.activeGenerationId).toBe(g.generationId);
    const gen = await waitFor(
      'the resumed generation to finish',
      async () => {
        const r = (await http2.get(`/api/campaigns/${c.id}/preparations/${g.generationId}`)).body;
        return r.status !== 'running' && r;
      },
      600,
    );
    // Counted exactly: the step the kill cut short is counted from the recipients it had moved.
    expect(gen).toMatchObject({ status: 'completed', processed: RECIPIENTS, ready: RECIPIENTS, failed: 0 });
    const entries = (await deps.platform.query<LedgerItem>({ ...LedgerEntry.query('primary', { tenantId: owner.tenantId }), limit: 1000 })).items;
    const renders = entries.filter((e) => e.operation === 'platform_render' && e.type === 'charge').map((e) => e.refId);
    expect(renders).toHaveLength(RECIPIENTS);
    expect(new Set(renders).size).toBe(RECIPIENTS);
    console.log(`campaign crash test: ${readyAtKill} of ${RECIPIENTS} READY at SIGKILL; resumed generation ${gen.status}, processed ${gen.processed}`);
    second.proc.kill('SIGTERM');
    await new Promise((r) => second.proc.once('exit', r));
  }, 600_000);
});
