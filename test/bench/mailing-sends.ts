import { pathToFileURL } from 'node:url';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { SEND_QUEUE } from '../../shared/mailing/sending/queue.js';
import { BUILD_CHUNK } from '../../shared/mailing/sending/build.js';
import { getTaskItem } from '../../shared/mailing/tasks/tasks.js';
import { SendBuildChunk } from '../../shared/mailing/tasks/entities.js';
import { newId } from '../../shared/platform/data/ids.js';
import { createApprovedAccount } from '../support/accounts.js';
import { emailHash } from '../../shared/crm/audience/normalize.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { client } from '../support/runtime.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { setupSendTasks } from '../support/send-tasks.js';
import { profileCpu } from './cpu-by-step.js';
import { print, processTreeCpuMs, startBenchRuntime } from './support.js';

/**
 * Sends per second of mailing tasks: BENCH_SENDS recipients (default 5,000) over BENCH_MAILBOXES
 * mailboxes (default 5, one task each: a mailbox has two SMTP connections) through the durable
 * local queue and the send worker (SEND_CONCURRENCY, default 16) to smtp-server on loopback, no
 * pacing, window open. The clock runs from tasks_start to the last message at the sink (build,
 * guardrails, lease, charge, render, compose, SMTP, outcome). Also the DynamoDB capacity units the
 * send path consumed, and from them the AWS cost per 1,000 sends at on-demand list prices
 * (us-east-1, 2026: DynamoDB $1.25 per million write units, $0.25 per million read units; SQS
 * $0.40 per million requests; Lambda arm64 $0.0000133334 per GB-s + $0.20 per million requests).
 * The local queue's own items live in DynamoDB here but are SQS in AWS: their measured units are taken out.
 * Before the clock starts, a whole send round of another workspace (BENCH_WARMUP_SENDS, default 5,000;
 * 0 measures a cold DynamoDB Local) warms the emulator's JIT, printed with its own rate.
 * Printed, never asserted. Standalone: `npx tsx test/bench/mailing-sends.ts`.
 */
export async function run() {
  const total = Number(process.env.BENCH_SENDS ?? 5000);
  // A 5,000-recipient send goes out over several mailboxes (each has its own two SMTP connections and daily cap): one task per mailbox.
  const mailboxes = Math.max(1, Number(process.env.BENCH_MAILBOXES ?? 5));
  const rt = await startBenchRuntime({ SVC_ALLOW_LOOPBACK_TARGETS: 'true' });
  const [relay, dovecot] = await Promise.all([startSmtpRelay({ parse: false }), startDovecot()]);
  try {
    const owner = await createApprovedAccount(rt.deps);
    await credit(rt.deps, owner.tenantId, 1000, 'bench', 'bench');
    const http = client(rt.url, { key: owner.apiKey });
    const table = rt.deps.tenantTable(owner.tenantId);
    const tasks = await setupSendTasks({ http, table, now: rt.deps.clock.now(), relay, dovecot, total, mailboxes });

    const warmupSends = Number(process.env.BENCH_WARMUP_SENDS ?? 5000);
    if (warmupSends > 0)
      print(
        `Warm-up before the clock starts: ${warmupSends} sends of another workspace over the same path. A fresh DynamoDB Local spends a core on compiling its own code for its first thousands of requests (its JIT: about a quarter of a core during a cold run), a cost of the emulator that DynamoDB in AWS does not have and a long-running \`npm start\` pays once; BENCH_WARMUP_SENDS=0 measures cold`,
        [await warmUp(rt, relay, dovecot, warmupSends, mailboxes)],
      );
    relay.messages.length = 0;

    let messages = 0;
    const queue = rt.deps.queue!;
    const send = queue.send.bind(queue);
    queue.send = (q, body, o) => (q === SEND_QUEUE && messages++, send(q, body, o));
    resetCapacity();
    const stopProfile = await profileCpu(sendStepOf, libraryOf);
    const cpuBefore = { node: process.cpuUsage(), store: processTreeCpuMs(rt.dynamo?.pid) };
    const started = performance.now();
    await Promise.all(tasks.map((id) => http.post(`/api/tasks/${id}/start`)));
    const deadline = Date.now() + 900_000;
    let builtAt: number | undefined;
    const allBuilt = async () =>
      (await Promise.all(tasks.map(async (id) => ((await getTaskItem(table, id).catch(() => undefined)) as { built?: boolean } | undefined)?.built))).every(
        Boolean,
      );
    for (let i = 0; relay.messages.length < total && Date.now() < deadline; i++) {
      await new Promise((r) => setTimeout(r, 50));
      if (builtAt === undefined && i % 10 === 0 && (await allBuilt())) builtAt = performance.now();
    }
    const seconds = (performance.now() - started) / 1000;
    const nodeCpu = process.cpuUsage(cpuBefore.node);
    const storeCpuMs = processTreeCpuMs(rt.dynamo?.pid) - cpuBefore.store;
    const nodeCpuByStep = await stopProfile();
    // The local queue's own items (LQ#…: SQS in AWS, priced below as SQS requests) are taken out as measured.
    const queueUnits = Object.entries(consumedCapacity.byKind).filter(([kind]) => /(^|:)LQ\b/.test(kind));
    const wru = Math.max(0, consumedCapacity.write - queueUnits.reduce((n, [, c]) => n + c.write, 0)) / relay.messages.length;
    const rru = Math.max(0, consumedCapacity.read - queueUnits.reduce((n, [, c]) => n + c.read, 0)) / relay.messages.length;
    const perThousand = {
      dynamodb: ((wru * 1.25 + rru * 0.25) / 1e6) * 1000,
      sqs: (((messages / relay.messages.length) * 3 * 0.4) / 1e6) * 1000, // send + receive + delete
      lambda: (0.25 * 0.5 * 0.0000133334 + 0.2 / 1e6) * 1000, // ~250 ms of 512 MB per send (excluding SMTP waits)
    };
    const rows = [
      {
        recipients: total,
        mailboxes,
        delivered: relay.messages.length,
        seconds: Number(seconds.toFixed(1)),
        buildSeconds: builtAt === undefined ? null : Number(((builtAt - started) / 1000).toFixed(1)),
        sendsPerSecond: Math.round(relay.messages.length / seconds),
        queueMessagesPerSend: Number((messages / relay.messages.length).toFixed(2)),
        txConflictRetries: consumedCapacity.conflictRetries,
        storeCallsPerSend: Number((Object.values(consumedCapacity.byKind).reduce((n, c) => n + c.calls, 0) / relay.messages.length).toFixed(2)),
        // CPU per send, whatever else loads the machine: this process (runtime, workers and the sink) and DynamoDB Local.
        nodeCpuMsPerSend: Number(((nodeCpu.user + nodeCpu.system) / 1000 / relay.messages.length).toFixed(2)),
        storeCpuMsPerSend: Number((storeCpuMs / relay.messages.length).toFixed(2)),
        writeUnitsPerSend: Number(wru.toFixed(1)),
        readUnitsPerSend: Number(rru.toFixed(1)),
        awsUsdPer1000: Number((perThousand.dynamodb + perThousand.sqs + perThousand.lambda).toFixed(4)),
        dynamoUsdPer1000: Number(perThousand.dynamodb.toFixed(4)),
        sqsUsdPer1000: Number(perThousand.sqs.toFixed(4)),
        lambdaUsdPer1000: Number(perThousand.lambda.toFixed(4)),
      },
    ];
    const perSend = (n: number) => Number((n / relay.messages.length).toFixed(2));
    print('Mailing task sends through the local queue and send worker to smtp-server (loopback)', rows);
    print(
      'DynamoDB units per send by item kind (pk/sk prefix; tx: a transaction of those items; the local queue is SQS in AWS)',
      Object.entries(consumedCapacity.byKind)
        .map(([kind, c]) => ({ kind, writeUnits: perSend(c.write), readUnits: perSend(c.read), calls: perSend(c.calls) }))
        .filter((r) => r.writeUnits + r.readUnits >= 0.01)
        .sort((a, b) => b.writeUnits - a.writeUnits || b.readUnits - a.readUnits),
    );
    // Per step: the store's units and calls (costStep labels in the send engine) and this process's CPU (sampled).
    const steps = new Map<string, { writeUnits: number; readUnits: number; calls: number; nodeCpuMs: number }>();
    const stepRow = (step: string) => steps.get(step) ?? steps.set(step, { writeUnits: 0, readUnits: 0, calls: 0, nodeCpuMs: 0 }).get(step)!;
    for (const [key, c] of Object.entries(consumedCapacity.byStepKind)) {
      const [step, kind] = key.split('|');
      const row = stepRow(/(^|:)LQ\b/.test(kind) ? 'queue (local; SQS in AWS: not in the units above)' : step);
      Object.assign(row, { writeUnits: row.writeUnits + c.write, readUnits: row.readUnits + c.read, calls: row.calls + c.calls });
    }
    // The profile's sample times are wall time (a loaded machine stretches them): they split the process's measured CPU.
    const sampledMs = Object.values(nodeCpuByStep).reduce((n, ms) => n + ms, 0) || 1;
    const nodeCpuMs = (nodeCpu.user + nodeCpu.system) / 1000;
    for (const [step, ms] of Object.entries(nodeCpuByStep)) stepRow(step).nodeCpuMs += (ms / sampledMs) * nodeCpuMs;
    print(
      `Per send by step (${relay.messages.length} sends): DynamoDB units and calls, and Node CPU (this process: runtime, workers and the SMTP sink, split by the share of profile samples; DynamoDB Local's own CPU is ${(storeCpuMs / relay.messages.length).toFixed(2)} ms per send, not split)`,
      [...steps]
        .map(([step, r]) => ({
          step,
          writeUnits: perSend(r.writeUnits),
          readUnits: perSend(r.readUnits),
          storeCalls: perSend(r.calls),
          nodeCpuMs: perSend(r.nodeCpuMs),
        }))
        .sort((a, b) => a.step.localeCompare(b.step)),
    );
    // What each write rewrites: a write unit is 1 KB of the item (the larger of before and after), twice in a transaction.
    const [account] = tasks.length ? [await getTaskItem(table, tasks[0])] : [];
    const firstItem = (await table.query<Record<string, unknown>>({ pk: `TASK#${tasks[0]}`, skBeginsWith: 'ITEM#', limit: 1 })).items[0];
    const dayRows = (await table.query<Record<string, unknown>>({ pk: `MAILBOX#${(account as { accountId?: string })?.accountId}`, limit: 20 })).items;
    const marker = firstItem ? await table.get<Record<string, unknown>>({ pk: `CONTACTED#${emailHash(String(firstItem.email))}`, sk: 'CONTACTED' }) : undefined;
    const prepaid = await table.get<Record<string, unknown>>({ pk: `TASK#${tasks[0]}`, sk: 'PREPAID' });
    // A build chunk's record lives only while the chunk is written: rebuilt here as the build writes it for a full chunk.
    const members = (await table.query<{ contactId: string }>({ pk: `TASK#${tasks[0]}`, skBeginsWith: 'ITEM#', limit: BUILD_CHUNK })).items;
    const chunkRecord = SendBuildChunk.item(
      { taskId: tasks[0], chunkId: newId() },
      { taskId: tasks[0], chunkId: newId(), ids: members.map((m) => m.contactId), counted: 'Q'.repeat(members.length) },
    );
    print(
      'Size of the items the send path writes, as stored at the end (bytes by the DynamoDB formula; write units = ⌈KB⌉)',
      [
        ['task (TASK/TASK)', account],
        ['send item, SENT (TASK/ITEM)', firstItem],
        ['re-contact marker (CONTACTED)', marker],
        ['prepaid pool (TASK/PREPAID)', prepaid],
        [`build chunk record, ${members.length} members (TASK/BUILD; ×2 in its transaction, ×1 deleted)`, chunkRecord],
        ...dayRows.map((r) => [`mailbox ${String(r.sk).split('#')[0]} (MAILBOX/${String(r.sk).split('#')[0]})`, r] as const),
      ].map(([what, item]) => ({
        item: what,
        bytes: item ? itemBytes(item as Record<string, unknown>) : null,
        writeUnits: item ? Math.ceil(itemBytes(item as Record<string, unknown>) / 1024) : null,
      })),
    );
    return rows;
  } finally {
    await Promise.all([relay.stop(), dovecot.stop()]);
    await rt.stop();
  }
}

/** A whole send round of its own workspace (setup not timed): its rate and DynamoDB Local's CPU per send while cold. */
async function warmUp(rt: Awaited<ReturnType<typeof startBenchRuntime>>, relay: Relay, dovecot: Dovecot, total: number, mailboxes: number) {
  const owner = await createApprovedAccount(rt.deps);
  await credit(rt.deps, owner.tenantId, 1000, 'bench', 'bench');
  const http = client(rt.url, { key: owner.apiKey });
  const table = rt.deps.tenantTable(owner.tenantId);
  const tasks = await setupSendTasks({ http, table, now: rt.deps.clock.now(), relay, dovecot, total, mailboxes });
  const store = processTreeCpuMs(rt.dynamo?.pid);
  const started = performance.now();
  await Promise.all(tasks.map((id) => http.post(`/api/tasks/${id}/start`)));
  for (const deadline = Date.now() + 600_000; relay.messages.length < total && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
  const delivered = relay.messages.length;
  return {
    sends: delivered,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    sendsPerSecond: Math.round(delivered / ((performance.now() - started) / 1000)),
    storeCpuMsPerSend: Number(((processTreeCpuMs(rt.dynamo?.pid) - store) / Math.max(1, delivered)).toFixed(2)),
  };
}

/** The send engine's steps as named by its costStep labels, from the functions on a CPU sample's stack. */
const STEP_FUNCTIONS: [RegExp, string, string][] = [
  [/\/shared\/mailing\/sending\/build\.ts$/, 'claimContactedMany', 'build: re-contact claim'],
  [/\/shared\/mailing\/sending\/build-chunks\.ts$/, '', 'build: items + counters'],
  [/\/shared\/mailing\/sending\/build\.ts$/, '', 'build: screen (reads)'],
  [/\/shared\/mailing\/sending\/items\.ts$/, 'leaseItems', 'send: lease'],
  [/\/shared\/mailing\/sending\/gates\.ts$/, '', 'send: gates'],
  [/\/shared\/mailing\/sending\/prepaid\.ts$/, '', 'send: charge'],
  [/\/shared\/mailing\/sending\/bounce-guard\.ts$/, 'checkBounceWindow', 'send: bounce check'],
  [/\/shared\/mailing\/sending\/(outcomes\.ts|bounce-guard\.ts)$/, '', 'send: outcome'],
  [/\/shared\/mailing\/senders\/transport\.ts$/, 'senderDayUpdate', 'send: outcome'],
  [/\/shared\/mailing\/sending\/complete\.ts$/, '', 'send: completion'],
  [/\/shared\/mailing\/sending\/worker\.ts$/, 'afterCommit', 'send: after outcome'],
  [
    /\/shared\/mailing\/(sending\/(compose|links|tracking)|creatives\/render)\.ts$|html-to-text|\/nodemailer\/lib\/(mail-composer|mime-node)/,
    '',
    'send: render + compose',
  ],
  [/\/shared\/mailing\/sending\/worker\.ts$/, '', 'send: batch reads'],
];
const sendStepOf = (fn: string, url: string) => STEP_FUNCTIONS.find(([file, name]) => file.test(url) && (!name || fn === name))?.[2];
const libraryOf = (url: string) =>
  /node_modules\/(@aws-sdk|@smithy)\//.test(url)
    ? 'store client (AWS SDK; after an await, step unknown)'
    : /node_modules\/smtp-server\//.test(url)
      ? 'SMTP sink (smtp-server, bench only)'
      : /node_modules\/nodemailer\//.test(url)
        ? 'send: SMTP client (nodemailer)'
        : /\/infra\/local\//.test(url)
          ? 'local runtime (queue, workers)'
          : /\/shared\/platform\/adapters\//.test(url)
            ? 'store adapter (step unknown)'
            : /^node:/.test(url)
              ? 'Node internals (sockets, streams, timers; step unknown)'
              : undefined;

/** An item's size as DynamoDB bills it: attribute names plus values (numbers about half their digits, sets and maps their parts). */
function itemBytes(item: Record<string, unknown>): number {
  const value = (v: unknown): number => {
    if (v === null || typeof v === 'boolean') return 1;
    if (typeof v === 'number') return Math.ceil(String(Math.abs(v)).replace(/[.-]/g, '').replace(/^0+/, '').length / 2) + 1;
    if (typeof v === 'string') return Buffer.byteLength(v);
    if (Array.isArray(v)) return 3 + v.reduce((n: number, x) => n + 1 + value(x), 0);
    if (typeof v === 'object') return 3 + Object.entries(v as object).reduce((n, [k, x]) => n + 1 + Buffer.byteLength(k) + value(x), 0);
    return 0;
  };
  return Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + value(v), 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
