import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { localDeps } from '../../infra/local/local-deps.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { addContactsToList, createContactList } from '../../shared/crm/contact-lists/lists.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';
import { createSession, SESSION_COOKIE } from '../../shared/workspace/identity/sessions.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startChildRuntime } from '../support/child-runtime.js';
import { stop } from './crash-probe/runtime.js';
import { startDnsServer } from '../support/dns-server.js';
import { startDovecot } from '../support/dovecot.js';
import { client } from '../support/runtime.js';
import { page, startSiteFarm } from '../support/site-farm.js';
import { startSmtpRelay } from '../support/smtp-relay.js';
import { load, print, residentMemoryMb, type LoadResult } from './support.js';

/**
 * Load test: a mixed workload at the same time against the local runtime (a child process, as
 * `npm start` runs, with its DynamoDB Local in memory), everything on loopback:
 * - people over /api: the companies list with filters and contact creation, half with an API key, half
 *   with a web-app session cookie (LOAD_API_REQUESTS, default 600, over LOAD_API_CLIENTS, default 8);
 * - agents over MCP with the official client: tools/call of svc_companies_list and svc_contacts_create
 *   (LOAD_MCP_CALLS, default 200, over LOAD_MCP_AGENTS, default 4);
 * - an import job of LOAD_IMPORT_ROWS rows (default 1,000; Prefer: respond-async);
 * - a mailing task of LOAD_SENDS recipients (default 200) through one mailbox to smtp-server (its IMAP on Dovecot);
 * - a site enrichment task over LOAD_CRAWL_SITES loopback sites (default 100).
 * Prints throughput, p50/p99 and errors per kind, and the runtime's and DynamoDB Local's resident
 * memory every LOAD_SAMPLE_MS (default 5,000). Any error (a non-2xx, an MCP error result, an import
 * row error, a mail missing at the sink, a site not enriched) makes it throw, so `npm run bench load`
 * exits non-zero. Every wait is bounded (LOAD_DEADLINE_S, default 900). Printed, never asserted.
 */
const size = (name: string, fallback: number) => Math.max(1, Number(process.env[name]) || fallback);

export async function run() {
  const n = {
    apiRequests: size('LOAD_API_REQUESTS', 600),
    apiClients: size('LOAD_API_CLIENTS', 8),
    mcpCalls: size('LOAD_MCP_CALLS', 200),
    mcpAgents: size('LOAD_MCP_AGENTS', 4),
    importRows: size('LOAD_IMPORT_ROWS', 1000),
    sends: size('LOAD_SENDS', 200),
    sites: Math.min(500, size('LOAD_CRAWL_SITES', 100)),
    sampleMs: size('LOAD_SAMPLE_MS', 5000),
  };
  const deadline = Date.now() + size('LOAD_DEADLINE_S', 900) * 1000;
  const sites: Record<string, Record<string, string>> = {};
  for (let i = 0; i < n.sites; i++)
    sites[`l${i}.load.test`] = { '/': page(`Site ${i}`, `<p>Company ${i}: mail info@l${i}.load.test, call +7 495 123-45-67</p>`) };
  const [relay, dovecot, farm, dns] = await Promise.all([
    startSmtpRelay({ parse: false }),
    startDovecot(),
    startSiteFarm(sites),
    startDnsServer(Object.fromEntries(Object.keys(sites).map((h) => [h, { A: ['127.0.0.1'] }]))),
  ]);
  const children: ChildProcess[] = [];
  const env = {
    ...process.env,
    TABLE_PREFIX: `load-${Date.now()}-`,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: '.tmp/bench-load',
    LOG_LEVEL: 'error',
    DYNAMO_IN_MEMORY: '1',
    DYNAMO_JIT: 'throughput',
    DNS_SERVERS: dns.address,
    SVC_ALLOW_LOOPBACK_TARGETS: 'true',
    SITE_ENRICHMENT_POLITENESS_MS: '0',
    SITE_ENRICHMENT_BROWSER: 'off',
  };
  try {
    const rt = await startChildRuntime(env, children);
    const runtimePid = rt.proc.pid!;
    // This process writes the fixtures straight into the runtime's store (same tables, same secrets key).
    const deps = await localDeps(rt.dynamo, env);
    const owner = await createApprovedAccount(deps);
    await credit(deps, owner.tenantId, 1000, 'load test', 'bench');
    const key = client(rt.url, { key: owner.apiKey });
    const session = await createSession(deps, owner.accountId);
    const cookie = client(rt.url, { headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: rt.url } });
    const ok = (r: { status: number }) => r.status >= 200 && r.status < 300;
    const must = async <T extends { status: number; text: string }>(what: string, r: Promise<T>) => {
      const out = await r;
      if (!ok(out)) throw new Error(`load test setup: ${what} answered ${out.status} ${out.text.slice(0, 300)}`);
      return out;
    };

    // Companies for the list filters and the crawl, a mailbox on the sinks, recipients, an approved mailing task.
    const cities = ['Berlin', 'Paris', 'Madrid', 'Rome'];
    const crawlIds: string[] = [];
    for (let i = 0; i < n.sites; i += 25)
      crawlIds.push(
        ...(
          await Promise.all(
            Array.from({ length: Math.min(25, n.sites - i) }, (_, k) =>
              must(
                'companies_create',
                key.post('/api/companies', { name: `Load ${i + k}`, website: farm.url(`l${i + k}.load.test`), city: cities[(i + k) % 4] }),
              ),
            ),
          )
        ).map((r) => r.body.id as string),
      );
    await must('min-send-interval', key.put('/api/settings/min-send-interval', { seconds: 0 }));
    await must('send-window', key.patch('/api/settings/send-window', { enabled: false }));
    await must('company-profile', key.put('/api/settings/company-profile', { companyName: 'Load Ltd', physicalAddress: '4 Load Street, Hull' }));
    const creative = await must(
      'creatives_create',
      key.post('/api/creatives', { name: 'Load', subject: 'Hello {{firstName}}', bodyHtml: '<p>Hello {{firstName}}</p>' }),
    );
    dovecot.addUser('sender@load.test', 'imap-load');
    relay.users.set('sender@load.test', 'smtp-load');
    const mailbox = await must(
      'email-accounts_create',
      key.post('/api/email-accounts', {
        name: 'Load',
        email: 'sender@load.test',
        ...{ imapHost: '127.0.0.1', imapPort: dovecot.port, imapUser: 'sender@load.test', imapPass: 'imap-load' },
        ...{ smtpHost: '127.0.0.1', smtpPort: relay.port, smtpUser: 'sender@load.test', smtpPass: 'smtp-load' },
      }),
    );
    await must('email-accounts_update', key.patch(`/api/email-accounts/${mailbox.body.id}`, { dnsAcknowledged: true }));
    const table = deps.tenantTable(owner.tenantId);
    const now = deps.clock.now();
    const recipients = await Promise.all(
      Array.from({ length: n.sends }, (_, i) => createContact(table, { firstName: `R${i}`, email: `r${i}@sink.test` }, now)),
    );
    const list = await createContactList(table, { name: 'load recipients' }, now);
    await addContactsToList(
      table,
      list.id,
      recipients.map((c) => c.id),
      now,
    );
    const task = await must(
      'tasks_create',
      key.post('/api/tasks', { methodId: 2, description: 'load', creativeId: creative.body.id, accountId: mailbox.body.id, contactListId: list.id }),
    );
    await must('mailing approve', key.post(`/api/mailing/${task.body.id}/approve`, { note: 'load test' }));
    const agents = await Promise.all(
      Array.from({ length: n.mcpAgents }, async () => {
        const c = new Client({ name: 'load', version: '1.0.0' });
        await c.connect(
          new StreamableHTTPClientTransport(new URL(`${rt.url}/mcp?toolsets=crm`), { requestInit: { headers: { authorization: `Bearer ${owner.apiKey}` } } }),
        );
        return c;
      }),
    );

    const memory: Record<string, number>[] = [];
    const started = performance.now();
    const sample = () => {
      const m = residentMemoryMb(runtimePid);
      memory.push({ seconds: Math.round((performance.now() - started) / 1000), runtimeRssMb: m.ownMb, dynamoDbLocalRssMb: m.descendantsMb });
    };
    sample();
    const sampler = setInterval(sample, n.sampleMs);
    const firstErrors: Record<string, string> = {};
    const noted = (kind: string, fn: (i: number) => Promise<string | true>) => async (i: number) => {
      const r = await fn(i).catch((e: Error) => `threw ${e.message}`);
      if (r !== true) firstErrors[kind] ??= r;
      return r === true;
    };
    const answered = (r: { status: number; text: string }) => ok(r) || `${r.status} ${r.text.slice(0, 200)}`;
    const filters = (i: number) => encodeURIComponent(JSON.stringify([{ field: 'city', operator: 'equals', value: cities[i % 4] }]));
    const via = (i: number) => (i % 2 ? cookie : key);
    const mcpResult = (r: Record<string, unknown>) => !r.isError || `error result ${JSON.stringify(r.content).slice(0, 200)}`;
    const half = (x: number) => Math.max(1, Math.round(x / 2));

    /** `count` calls of `fn` by `clients` at once, as one row of the table. */
    const requests = (kind: string, count: number, clients: number, fn: (i: number) => Promise<string | true>) =>
      load(count, clients, noted(kind, fn)).then((r) => row(kind, r));
    const tool = async (i: number, name: string, args: Record<string, unknown>) =>
      mcpResult(await agents[i % agents.length].callTool({ name, arguments: args }));

    const kinds: Promise<Record<string, unknown>>[] = [
      requests('api: GET /api/companies with filters (key | cookie)', half(n.apiRequests), half(n.apiClients), async (i) =>
        answered(await via(i).get(`/api/companies?pageSize=50&filters=${filters(i)}`)),
      ),
      requests('api: POST /api/contacts (key | cookie)', half(n.apiRequests), half(n.apiClients), async (i) =>
        answered(await via(i).post('/api/contacts', { firstName: `P${i}`, email: `person${i}@people.load.test` })),
      ),
      requests('mcp: tools/call svc_companies_list', half(n.mcpCalls), half(n.mcpAgents), (i) =>
        tool(i, 'svc_companies_list', { pageSize: 20, filters: decodeURIComponent(filters(i)) }),
      ),
      requests('mcp: tools/call svc_contacts_create', half(n.mcpCalls), half(n.mcpAgents), (i) =>
        tool(i, 'svc_contacts_create', { body: { firstName: `A${i}`, email: `agent${i}@agents.load.test` } }),
      ),
      importJob(),
      mailingTask(),
      crawlTask(),
    ];
    const rows = await Promise.all(kinds);
    clearInterval(sampler);
    sample();
    await Promise.all(agents.map((c) => c.close().catch(() => undefined)));
    print(`Mixed load at the same time (${Math.round((performance.now() - started) / 1000)} s)`, rows);
    print('Resident memory (MB): the runtime process, its DynamoDB Local', memory);
    for (const [kind, message] of Object.entries(firstErrors)) console.log(`first error of ${kind}: ${message}`);
    const errors = rows.reduce((s, r) => s + Number(r.errors), 0);
    console.log(`errors: ${errors}`);
    if (errors > 0) throw new Error(`load test: ${errors} errors (see the table)`);
    return rows;

    function row(kind: string, r: LoadResult) {
      return { kind, count: r.requests, seconds: r.seconds, throughput: `${r.rps} req/s`, p50: r.p50, p99: r.p99, errors: r.errors };
    }

    function jobRow(kind: string, count: number, seconds: number, throughput: string, errors: number) {
      return { kind, count, seconds: Number(seconds.toFixed(1)), throughput, errors };
    }

    /** Polls `status` every 250 ms until `done` says so or the deadline passes. */
    async function until<T>(status: () => Promise<T>, done: (s: T) => boolean): Promise<T> {
      let s = await status();
      while (!done(s) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        s = await status();
      }
      return s;
    }

    async function importJob() {
      const t = performance.now();
      const rows = Array.from({ length: n.importRows }, (_, i) => ({ Name: `Imported ${i}`, Site: `imp-${i}.load.test`, Email: `p${i}@imp-${i}.load.test` }));
      const accepted = await key.post(
        '/api/companies/import/combined',
        { rows, mapping: { Name: 'name', Site: 'domain', Email: 'c:email' }, options: { dedupeBy: 'domain' } },
        { prefer: 'respond-async' },
      );
      if (accepted.status !== 202) firstErrors['import job'] ??= `${accepted.status} ${accepted.text.slice(0, 200)}`;
      const job =
        accepted.status === 202
          ? await until(
              async () => (await key.get(`/api/companies/import/jobs/${accepted.body.jobId}`)).body,
              (s) => s?.status === 'completed' || s?.status === 'failed',
            )
          : undefined;
      const seconds = (performance.now() - t) / 1000;
      const rowErrors = job?.status === 'completed' ? (job.result.errors.length as number) + (n.importRows - job.result.created) : n.importRows;
      if (rowErrors) firstErrors['import job'] ??= `status ${job?.status}: ${JSON.stringify(job?.result?.errors?.slice(0, 3) ?? job).slice(0, 200)}`;
      return jobRow('import job (rows)', n.importRows, seconds, `${Math.round(n.importRows / seconds)} rows/s`, rowErrors);
    }

    async function mailingTask() {
      const t = performance.now();
      const started = await key.post(`/api/tasks/${task.body.id}/start`);
      if (!ok(started)) firstErrors['mailing task'] ??= `start: ${started.status} ${started.text.slice(0, 200)}`;
      await until(
        async () => relay.messages.length,
        (delivered) => delivered >= n.sends,
      );
      const seconds = (performance.now() - t) / 1000;
      const missing = n.sends - new Set(relay.messages.flatMap((m) => m.to)).size;
      if (missing) firstErrors['mailing task'] ??= `${missing} of ${n.sends} recipients got nothing by the deadline`;
      return jobRow('mailing task (sends to the SMTP sink)', n.sends, seconds, `${Math.round(n.sends / seconds)} sends/s`, missing);
    }

    async function crawlTask() {
      const t = performance.now();
      const created = await key.post('/api/site-enrichment/tasks', { companyIds: crawlIds, maxAttempts: 1 });
      if (!ok(created)) firstErrors['crawl task'] ??= `${created.status} ${created.text.slice(0, 200)}`;
      const final = ok(created)
        ? await until(
            async () => (await key.get(`/api/site-enrichment/tasks/${created.body.taskId}`)).body,
            (s) => ['DONE', 'PARTIAL', 'FAILED'].includes(s?.status),
          )
        : undefined;
      const seconds = (performance.now() - t) / 1000;
      const notEnriched = n.sites - (final?.counters?.ok ?? 0);
      if (notEnriched) firstErrors['crawl task'] ??= `status ${final?.status}, counters ${JSON.stringify(final?.counters)}`;
      return jobRow('site enrichment task (sites)', n.sites, seconds, `${Math.round((n.sites - notEnriched) / (seconds / 60))} pages/min`, notEnriched);
    }
  } finally {
    // SIGTERM stops the runtime's workers and its DynamoDB Local; SIGKILL after 20 s (DynamoDB Local dies with it).
    await Promise.all(children.map(stop));
    await Promise.all([relay.stop(), dovecot.stop(), farm.stop(), dns.stop()]);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
