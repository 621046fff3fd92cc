import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { localDeps } from '../../infra/local/local-deps.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startChildRuntime } from '../support/child-runtime.js';
import { startDovecot } from '../support/dovecot.js';
import { client } from '../support/runtime.js';
import { setupSendTasks } from '../support/send-tasks.js';
import { startSmtpRelay } from '../support/smtp-relay.js';
import { stop } from './crash-probe/runtime.js';
import { print, processTreeCpuMs } from './support.js';

/**
 * Sends end to end over the public API, as a user runs them: the runtime in its own process as
 * `npm start` runs it (DynamoDB Local in memory, full JIT), E2E_SENDS recipients (default 2,000) over
 * E2E_MAILBOXES mailboxes (default 5, one task each), `POST /api/tasks/{id}/start` for each, and an SMTP
 * sink in this process that parses every message (mailparser), as a receiving server does. The clock
 * runs from the starts to the last message at the sink. Then it checks what a user would: every
 * recipient got exactly one message (duplicates and missing counted by envelope recipient), and the
 * tasks' counters (`GET /api/tasks/{id}`) say as many were sent. Prints the rate, the CPU per send of
 * the runtime's process tree (with DynamoDB Local) and of this process (the sink's parsing), and the
 * counts. Printed, never asserted; every wait bounded (E2E_DEADLINE_S, default 600).
 */
export async function run() {
  const total = Math.max(1, Number(process.env.E2E_SENDS) || 2000);
  const mailboxes = Math.max(1, Number(process.env.E2E_MAILBOXES) || 5);
  const [relay, dovecot] = await Promise.all([startSmtpRelay(), startDovecot()]);
  const children: ChildProcess[] = [];
  const env = {
    ...process.env,
    TABLE_PREFIX: `sends-e2e-${Date.now()}-`,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: '.tmp/bench-sends-e2e',
    LOG_LEVEL: 'error',
    DYNAMO_IN_MEMORY: '1',
    DYNAMO_JIT: 'throughput',
    SVC_ALLOW_LOOPBACK_TARGETS: 'true',
  };
  try {
    const rt = await startChildRuntime(env, children);
    // This process writes the fixtures straight into the runtime's store (same tables, same secrets key).
    const deps = await localDeps(rt.dynamo, env);
    const owner = await createApprovedAccount(deps);
    await credit(deps, owner.tenantId, 1000, 'bench', 'bench');
    const http = client(rt.url, { key: owner.apiKey });
    const table = deps.tenantTable(owner.tenantId);
    const tasks = await setupSendTasks({ http, table, now: deps.clock.now(), relay, dovecot, total, mailboxes });

    const cpuBefore = { runtime: processTreeCpuMs(rt.proc.pid), bench: process.cpuUsage() };
    const started = performance.now();
    const starts = await Promise.all(tasks.map((id) => http.post(`/api/tasks/${id}/start`)));
    const refused = starts.filter((s) => s.status >= 300);
    if (refused.length) throw new Error(`tasks_start answered ${refused[0].status} ${refused[0].text.slice(0, 300)}`);
    const deadline = Date.now() + (Number(process.env.E2E_DEADLINE_S) || 600) * 1000;
    while (relay.messages.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;
    const runtimeCpuMs = processTreeCpuMs(rt.proc.pid) - cpuBefore.runtime;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    // Late duplicates would arrive after the last expected message: give the workers a moment to show them.
    await new Promise((r) => setTimeout(r, 2000));

    const delivered = relay.messages.length;
    const recipients = new Set(relay.messages.flatMap((m) => m.to));
    const expected = new Set(Array.from({ length: mailboxes }, (_, m) => m).flatMap((m) => recipientsOf(m, total, mailboxes)));
    const missing = [...expected].filter((r) => !recipients.has(r)).length;
    const unparsed = relay.messages.filter((m) => !m.subject).length;
    const counters = await Promise.all(tasks.map(async (id) => (await http.get(`/api/tasks/${id}`)).body as { status: string; counters?: { sent?: number } }));
    const sentByCounters = counters.reduce((n, t) => n + (t.counters?.sent ?? 0), 0);
    print('Sends end to end over the public API (runtime in its own process, a parsing SMTP sink)', [
      {
        recipients: total,
        mailboxes,
        delivered,
        duplicates: delivered - recipients.size,
        missing,
        unparsed,
        'sent (task counters)': sentByCounters,
        'task statuses': [...new Set(counters.map((t) => t.status))].join(','),
        seconds: Number(seconds.toFixed(1)),
        sendsPerSecond: Math.round(delivered / seconds),
        'runtime + DynamoDB Local CPU ms per send': Number((runtimeCpuMs / Math.max(1, delivered)).toFixed(2)),
        'sink (parsing) CPU ms per send': Number(((benchCpu.user + benchCpu.system) / 1000 / Math.max(1, delivered)).toFixed(2)),
      },
    ]);
  } finally {
    // SIGTERM stops the runtime's workers and its DynamoDB Local; SIGKILL after 20 s (DynamoDB Local dies with it).
    await Promise.all(children.map(stop));
    await Promise.all([relay.stop(), dovecot.stop()]);
  }
}

/** The recipients setupSendTasks gives mailbox `m`. */
function recipientsOf(m: number, total: number, mailboxes: number) {
  const share = Math.floor(total / mailboxes) + (m < total % mailboxes ? 1 : 0);
  return Array.from({ length: share }, (_, i) => `b${m}.${i}@sink.test`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
