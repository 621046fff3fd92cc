import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { localDeps } from '../../infra/local/local-deps.js';
import { LedgerEntry } from '../../shared/workspace/billing/entities.js';
import type { LedgerItem } from '../../shared/workspace/billing/ledger.js';
import { PRICES } from '../../shared/workspace/billing/prices.js';
import { addContactsToList, createContactList } from '../../shared/crm/contact-lists/lists.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { startChildRuntime } from '../support/child-runtime.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { client } from '../support/runtime.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { importKill } from './crash-probe/import-kill.js';
import { kill9, killLeft, seconds, sleep, startFirst, stop } from './crash-probe/runtime.js';
import { largeJob } from './large-job.js';
import { print } from './support.js';

/**
 * Crash probe: `kill -9` of the local runtime as `npm start` runs it (its own DynamoDB Local under
 * DATA_DIR, which dies with it), then a restart on the same DATA_DIR, with the clock never moved.
 * - Import: a combined import job of PROBE_IMPORT_ROWS companies (default 5,000, each with a contact,
 *   plus 1 % repeated rows) through the public job form, killed once it reported each of
 *   PROBE_IMPORT_KILLS processed rows (default 2000,3000), restarted each time; then re-run with
 *   duplicateHandling skip and update. Reports companies and contacts against the rows, missing ones,
 *   contacts doubled (same company and address), and what each re-run created.
 * - Campaign: a PLATFORM preparation of PROBE_CAMPAIGN recipients (default 800, builtin AI) killed at
 *   PROBE_CAMPAIGN_KILL (default 0.4) of them processed; reports the time from the restart until it
 *   moves again and until every recipient is READY, the generation's state, and the render/audit
 *   charges per recipient.
 * - Sends: PROBE_SENDS recipients (default 3,000) through one mailbox to smtp-server on loopback,
 *   killed once PROBE_KILLS of them (default 0.2,0.5,0.9) reached the sink, one run each. The provider
 *   files what it accepts for even-numbered recipients in the sender's Dovecot Sent folder (as Gmail
 *   would), nothing for the odd ones. Reports second copies (beyond one per recipient; with the same
 *   Message-ID or not, and how many went to recipients the provider filed), missing recipients, the
 *   email_send units the ledger kept for the task against the mails accepted, and the time from the
 *   restart to COMPLETED.
 * - Large job: one combined import job of PROBE_LARGE_ROWS rows (default 10,000; 50000 for the full
 *   figure) end to end over HTTP (test/bench/large-job.ts): time, rows/s, items written per row, and
 *   every row landed.
 * Every wait is bounded (PROBE_LIMIT_MINUTES per wait, default 30). Printed, never asserted.
 * `npm run bench crash-probe`, or `npx tsx test/bench/crash-probe.ts`; PROBE_ONLY=import,campaign,sends,large
 * (any of them, comma-separated) runs those parts.
 */
export async function run() {
  const t0 = Date.now();
  const only = (process.env.PROBE_ONLY ?? 'import,campaign,sends,large').split(',');
  const limitMs = Number(process.env.PROBE_LIMIT_MINUTES ?? 30) * 60_000;
  const elapsed = () => `${seconds(Date.now() - t0)} s since the probe started`;
  if (only.includes('import')) {
    const kills = (process.env.PROBE_IMPORT_KILLS ?? '2000,3000').split(',').map(Number);
    const r = await importKill(Number(process.env.PROBE_IMPORT_ROWS ?? 5000), kills, limitMs);
    print(
      `Import job of ${r.rows} rows (${r.expected} companies and contacts expected) killed with SIGKILL, restarted on the same DATA_DIR (${elapsed()})`,
      r.table,
    );
  }
  if (only.includes('campaign')) {
    const row = await campaignKill(Number(process.env.PROBE_CAMPAIGN ?? 800), Number(process.env.PROBE_CAMPAIGN_KILL ?? 0.4), limitMs);
    print(`PLATFORM preparation killed with SIGKILL, restarted on the same DATA_DIR, clock never moved (${elapsed()})`, [row]);
  }
  if (only.includes('sends')) {
    const rows: Record<string, unknown>[] = [];
    const kills = (process.env.PROBE_KILLS ?? '0.2,0.5,0.9').split(',').map(Number);
    for (const at of kills) rows.push(await sendKill(Number(process.env.PROBE_SENDS ?? 3000), at, limitMs));
    print(`Send killed with SIGKILL mid-task, restarted on the same DATA_DIR, clock never moved (${elapsed()})`, rows);
  }
  if (only.includes('large')) {
    const r = await largeJob(Number(process.env.PROBE_LARGE_ROWS ?? 10_000), limitMs);
    print(`One large combined import job end to end over HTTP (${elapsed()})`, [r]);
  }
  console.log(`crash probe: ${elapsed()}`);
}

async function ledger(deps: Deps, tenantId: string) {
  const out: LedgerItem[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = await deps.platform.query<LedgerItem>({ ...LedgerEntry.query('primary', { tenantId }), limit: 1000, cursor });
    out.push(...page.items);
    if (!(cursor = page.cursor)) break;
  }
  return out;
}

async function contactsInList(deps: Deps, tenantId: string, n: number, email: (i: number) => string) {
  const table = deps.tenantTable(tenantId);
  const now = deps.clock.now();
  const ids: string[] = [];
  for (let i = 0; i < n; i += 50)
    ids.push(
      ...(
        await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, k) => createContact(table, { firstName: `R${i + k}`, email: email(i + k) }, now)))
      ).map((c) => c.id),
    );
  const list = await createContactList(table, { name: `probe ${n}` }, now);
  for (let i = 0; i < ids.length; i += 1000) await addContactsToList(table, list.id, ids.slice(i, i + 1000), now);
  return list.id;
}

async function sendKill(total: number, killAt: number, limitMs: number) {
  const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'probe-send-'));
  const children: ChildProcess[] = [];
  const mailbox = 'bulk@probe.test';
  let dovecot: Dovecot | undefined;
  let relay: Relay | undefined;
  try {
    dovecot = await startDovecot();
    const filed = dovecot;
    relay = await startSmtpRelay({
      parse: false,
      onAccepted: (m) => {
        if (m.to.some((to) => Number(/^r(\d+)@sink\.test$/.exec(to)?.[1]) % 2 === 0)) filed.deliver(mailbox, m.raw, 'Sent');
      },
    });
    dovecot.addUser(mailbox, 'imap-probe');
    relay.users.set(mailbox, 'smtp-probe');
    const { env, first, deps, owner, http } = await startFirst(dataDir, children);
    const acc = await http.post('/api/email-accounts', {
      name: 'Bulk',
      email: mailbox,
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapUser: mailbox,
      imapPass: 'imap-probe',
      smtpHost: '127.0.0.1',
      smtpPort: relay.port,
      smtpUser: mailbox,
      smtpPass: 'smtp-probe',
    });
    if (acc.status !== 201) throw new Error(`mailbox: ${acc.status} ${JSON.stringify(acc.body)}`);
    await http.patch(`/api/email-accounts/${acc.body.id}`, { dnsAcknowledged: true });
    await http.put('/api/settings/min-send-interval', { seconds: 0 });
    await http.patch('/api/settings/send-window', { enabled: false });
    await http.put('/api/settings/company-profile', { companyName: 'Probe Co', physicalAddress: '5 Probe Road, Leeds' });
    const listId = await contactsInList(deps, owner.tenantId, total, (i) => `r${i}@sink.test`);
    const creative = await http.post('/api/creatives', { name: 'Probe', subject: 'Hi {{firstName}}', bodyHtml: '<p>Hello {{firstName}}</p>' });
    const task = await http.post('/api/tasks', {
      methodId: 2,
      description: 'probe',
      creativeId: creative.body.id,
      accountId: acc.body.id,
      contactListId: listId,
    });
    await http.post(`/api/mailing/${task.body.id}/approve`, { note: 'probe' });
    const started = Date.now();
    const start = await http.post(`/api/tasks/${task.body.id}/start`);
    if (start.status !== 200) throw new Error(`start: ${start.status} ${JSON.stringify(start.body)}`);
    for (const until = Date.now() + limitMs; Date.now() < until && relay.messages.length < total * killAt;) await sleep(5);
    await kill9(first.proc);
    const killedAt = Date.now();
    const atKill = relay.messages.length;

    const second = await startChildRuntime(env, children);
    const restartedAt = Date.now();
    const deps2 = await localDeps(second.dynamo, env);
    const http2 = client(second.url, { key: owner.apiKey });
    let after: { status: string; counters: Record<string, number> } | undefined;
    for (const until = Date.now() + limitMs; Date.now() < until;) {
      after = (await http2.get(`/api/tasks/${task.body.id}`)).body;
      if (after!.status !== 'ACTIVE') break;
      await sleep(100);
    }
    const doneAt = Date.now();

    const copies = new Map<string, Set<string>>();
    let totalCopies = 0;
    for (const m of relay.messages) {
      const messageId = /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1] ?? '?';
      for (const to of m.to) {
        totalCopies++;
        copies.set(to, (copies.get(to) ?? new Set()).add(messageId));
      }
    }
    const perRecipient = new Map<string, number>();
    for (const m of relay.messages) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const repeats = [...perRecipient].filter(([, n]) => n > 1);
    const filedRepeats = repeats.filter(([to]) => Number(/^r(\d+)@/.exec(to)?.[1]) % 2 === 0).length;
    const price = PRICES.email_send.unitMicros;
    const entries = (await ledger(deps2, owner.tenantId)).filter((e) => e.operation === 'email_send' && e.refId === task.body.id);
    const units = -entries.reduce((n, e) => n + e.amountMicros, 0) / price;
    const accepted = after?.counters.sent ?? 0;
    await stop(second.proc);
    return {
      recipients: total,
      killAt,
      sentBeforeKill: atKill,
      secondsToKill: seconds(killedAt - started),
      status: after?.status,
      restartToCompletedSeconds: seconds(doneAt - restartedAt),
      totalSeconds: seconds(doneAt - started),
      copies: totalCopies,
      duplicates: totalCopies - copies.size,
      duplicatePercent: Number((((totalCopies - copies.size) / total) * 100).toFixed(2)),
      duplicatesFiledInSent: filedRepeats,
      sameMessageIdRepeats: [...copies.values()].every((s) => s.size === 1),
      missing: total - copies.size,
      accepted,
      unitsCharged: units,
      unitsKeptWithoutMail: units - accepted,
    };
  } finally {
    killLeft(children);
    await Promise.all([relay?.stop(), dovecot?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function campaignKill(total: number, killAt: number, limitMs: number) {
  const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'probe-campaign-'));
  const children: ChildProcess[] = [];
  try {
    const { env, first, deps, owner, http } = await startFirst(dataDir, children);
    const listId = await contactsInList(deps, owner.tenantId, total, (i) => `p${i}@probe-buyer.test`);
    const creative = await http.post('/api/creatives', {
      name: 'Probe',
      subject: 'Quick question, {{firstName}}',
      bodyHtml: '<p>Hello {{firstName}},</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p>',
    });
    const campaign = (await http.post('/api/campaigns', { name: 'probe', renderMode: 'PLATFORM', creativeIds: [creative.body.id] })).body;
    await http.post(`/api/campaigns/${campaign.id}/pour`, { listId });
    await http.post(`/api/campaigns/${campaign.id}/screen`);
    const started = Date.now();
    const g = (await http.post(`/api/campaigns/${campaign.id}/preparations`)).body;
    let processed = 0;
    for (const until = Date.now() + limitMs; Date.now() < until && processed < total * killAt;) {
      processed = (await http.get(`/api/campaigns/${campaign.id}/preparations/${g.generationId}`)).body.processed ?? 0;
      await sleep(50);
    }
    await kill9(first.proc);
    const killedAt = Date.now();

    const second = await startChildRuntime(env, children);
    const restartedAt = Date.now();
    const deps2 = await localDeps(second.dynamo, env);
    const http2 = client(second.url, { key: owner.apiKey });
    // Left alone first (at most 2 minutes): the restarted runtime should resume the generation by itself.
    const generation = async () => (await http2.get(`/api/campaigns/${campaign.id}/preparations/${g.generationId}`)).body;
    const atRestart = (await generation()).processed ?? 0;
    let resumedAt: number | undefined;
    for (const until = Date.now() + 120_000; Date.now() < until && !resumedAt; await sleep(100)) {
      const now = await generation();
      if ((now.processed ?? 0) > atRestart || now.status !== 'running') resumedAt = Date.now();
    }
    // When the restarted runtime logged that it took the run over (its clock is the machine's: never moved here).
    const activity = (await http2.get(`/api/campaigns/${campaign.id}/activity?limit=100`)).body.data as { at: string; action: string }[];
    const resumeLogged = activity.find((x) => x.action === 'preparation_resumed');
    const again = (await http2.post(`/api/campaigns/${campaign.id}/preparations`)).body;
    let c: { recipients: Record<string, number>; activeGenerationId?: string } | undefined;
    for (const until = Date.now() + limitMs; Date.now() < until;) {
      c = (await http2.get(`/api/campaigns/${campaign.id}`)).body;
      if ((c!.recipients.READY ?? 0) + (c!.recipients.CREATIVE_FAILED ?? 0) >= total) break;
      await sleep(100);
    }
    const doneAt = Date.now();
    const gen = (await http2.get(`/api/campaigns/${campaign.id}/preparations/${c?.activeGenerationId ?? g.generationId}`)).body;
    const entries = (await ledger(deps2, owner.tenantId)).filter((e) => e.refId?.startsWith(`${campaign.id}:`) && e.type === 'charge');
    const perRecipient = new Map<string, number>();
    for (const e of entries.filter((x) => x.operation === 'platform_render')) perRecipient.set(e.refId!, (perRecipient.get(e.refId!) ?? 0) + 1);
    await stop(second.proc);
    return {
      recipients: total,
      killAt,
      processedAtKill: processed,
      processedAtRestart: atRestart,
      secondsToKill: seconds(killedAt - started),
      startAfterRestart: again.alreadyRunning ? `alreadyRunning ${again.generationId === g.generationId ? 'same' : 'new'} generation` : 'new generation',
      restartToResumeLoggedSeconds: resumeLogged ? seconds(Date.parse(resumeLogged.at) - restartedAt) : 'not logged',
      restartToFirstStepSeconds: resumedAt ? seconds(resumedAt - restartedAt) : 'not within 120 s',
      restartToAllReadySeconds: seconds(doneAt - restartedAt),
      ready: c?.recipients.READY ?? 0,
      creativeFailed: c?.recipients.CREATIVE_FAILED ?? 0,
      generation: `${gen.generationId === g.generationId ? 'same' : 'new'} ${gen.status}, processed ${gen.processed}`,
      renderCharges: entries.filter((x) => x.operation === 'platform_render').length,
      recipientsChargedTwice: [...perRecipient.values()].filter((n) => n > 1).length,
      auditCharges: entries.filter((x) => x.operation.startsWith('audit')).length,
    };
  } finally {
    killLeft(children);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
  process.exit(0);
}
