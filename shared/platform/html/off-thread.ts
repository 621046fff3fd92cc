import { Worker, isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { serviceUnavailable, withHeaders } from '../errors.js';
import { HtmlTooComplex, htmlTooComplex, type HtmlTooComplexReason } from './bounds.js';

/**
 * HTML analysis off the event loop (issue 27): pages of up to 2 MB (the detect-forms and content-check
 * operations, every crawled page) are parsed in worker threads, so a slow document delays only its own
 * answer. Each job has a time budget; a worker over it is terminated (its job answers HtmlTooComplex
 * 'time', a 400) and replaced on the next job. A worker's heap is capped: a document that exhausts it
 * answers HtmlTooComplex 'memory' and the process lives on.
 *
 * Workers are reused, not started per call: a start took 1.7 s (a bundle) to 3.9 s (from source) on a
 * loaded 2-core machine, a job's round trip under 1 ms (test/bench/html-parse.ts). Up to POOL_SIZE,
 * started when a job waits, ended after IDLE_MS unused.
 *
 * Which file a worker runs: in a Lambda the bundle itself (esbuild puts every module, this one and the
 * jobs included, into one file, whose import.meta.url a worker can load; in the code-split MCP function
 * the chunk holding this module, and the job modules are the chunks declaring them); from source (npm start,
 * tests) worker-bootstrap.mjs, which registers tsx and imports this module. Either way this module's
 * top level sees the flag in workerData, imports the job modules and serves jobs.
 */
const POOL_SIZE = 2;
const IDLE_MS = 5 * 60_000;
/** A job waits at most this long for a busy worker to free up, then answers 503 (Retry-After). */
const QUEUE_WAIT_MS = 30_000;
/** Waiting while no worker has started yet is not congestion; it is bounded apart (a start took up to ~4 s under load). */
const START_WAIT_MS = 120_000;
/** Old-generation heap per worker: a 2 MB page's DOM takes ~170 MB. */
const WORKER_HEAP_MB = 320;
const WORKER_FLAG = 'svcHtmlJobs';

type JobFn = (...args: never[]) => unknown;
const jobs = new Map<string, JobFn>();
/** The modules that declare jobs: a worker loads them before it reports ready, so no job's budget pays for its import. */
const jobModules = new Set<string>();

interface JobRequest {
  id: number;
  moduleUrl: string;
  name: string;
  args: unknown[];
}
type JobReply =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; tooComplex?: { reason: HtmlTooComplexReason; detail: string }; message: string };

export interface HtmlJobCall {
  /** Wall time the job may run in its worker (config.htmlParse.budgetMs). */
  budgetMs: number;
  /** The field named in the 400 (e.g. 'html'). */
  what: string;
}

/**
 * Declares a pure function of an HTML document (its first argument) as a job (`moduleUrl` = the
 * declaring module's import.meta.url, so a worker can load it) and returns the call that runs it in a
 * worker. The job checks the bounds itself (loadHtml): even the linear pre-scan of a 2 MB page is
 * ~0.1 s, so it runs in the worker too, and a document over the bounds answers from there.
 * Declare it `/* @__PURE__ *\/ htmlJob(…)`: the registration is needed only where the returned call is
 * used, and esbuild keeps it exactly there (the worker loads that same bundle), while bundles that
 * merely import the declaring module leave it and its HTML libraries out (issue 25).
 */
export function htmlJob<A extends [html: string, ...rest: unknown[]], R>(moduleUrl: string, name: string, fn: (...args: A) => R) {
  jobs.set(name, fn as unknown as JobFn);
  jobModules.add(moduleUrl);
  return (call: HtmlJobCall, ...args: A): Promise<Awaited<R>> => run(call, { moduleUrl, name, args }) as Promise<Awaited<R>>;
}

interface Pending {
  request: JobRequest;
  call: HtmlJobCall;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  waitTimer?: NodeJS.Timeout;
  runTimer?: NodeJS.Timeout;
}
interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Pending;
  idleTimer?: NodeJS.Timeout;
}

const slots = new Set<Slot>();
const queue: Pending[] = [];
let nextId = 1;

function run(call: HtmlJobCall, job: Omit<JobRequest, 'id'>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const pending: Pending = { request: { ...job, id: nextId++ }, call, resolve, reject };
    const queuedAt = Date.now();
    const expire = () => {
      const starting = ![...slots].some((s) => s.ready);
      if (starting && Date.now() - queuedAt < START_WAIT_MS) return void (pending.waitTimer = setTimeout(expire, 1000));
      queue.splice(queue.indexOf(pending), 1);
      reject(withHeaders(serviceUnavailable('HTML analysis is busy; retry in a moment'), { 'retry-after': '5' }));
    };
    pending.waitTimer = setTimeout(expire, QUEUE_WAIT_MS);
    queue.push(pending);
    pump();
  });
}

function pump() {
  while (queue.length) {
    const slot = [...slots].find((s) => s.ready && !s.job);
    if (!slot) {
      if (slots.size < POOL_SIZE && ![...slots].some((s) => !s.ready)) spawn();
      return;
    }
    const job = queue.shift()!;
    clearTimeout(job.waitTimer);
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.ref();
    job.runTimer = setTimeout(() => {
      slot.job = undefined;
      retire(slot);
      job.reject(htmlTooComplex(job.call.what, 'time', {}, job.call.budgetMs));
      pump();
    }, job.call.budgetMs);
    slot.worker.postMessage(job.request);
  }
}

const SELF = import.meta.url;

function spawn() {
  const entry = SELF.endsWith('.ts') ? new URL('./worker-bootstrap.mjs', SELF) : new URL(SELF);
  const worker = new Worker(entry, {
    workerData: { [WORKER_FLAG]: true, module: SELF, jobModules: [...jobModules] },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  const slot: Slot = { worker, ready: false };
  slots.add(slot);
  worker.on('message', (reply: JobReply) => {
    if ('ready' in reply) {
      slot.ready = true;
      return pump();
    }
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return;
    clearTimeout(job.runTimer);
    slot.job = undefined;
    worker.unref();
    slot.idleTimer = setTimeout(() => retire(slot), IDLE_MS).unref();
    if (reply.ok) job.resolve(reply.value);
    else
      job.reject(
        reply.tooComplex
          ? new HtmlTooComplex(reply.tooComplex.reason, reply.tooComplex.detail)
          : new Error(`HTML job ${job.request.name} failed: ${reply.message}`),
      );
    pump();
  });
  const fail = (error: Error) => {
    if (!slots.has(slot)) return; // retired on purpose
    retire(slot);
    const job = slot.job;
    if (job) {
      clearTimeout(job.runTimer);
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      job.reject(outOfMemory ? htmlTooComplex(job.call.what, 'memory') : new Error('HTML worker failed', { cause: error }));
    } else if (!slot.ready) {
      // A worker that cannot start fails what waits for it (no respawn loop); the next call tries again.
      for (const waiting of queue.splice(0)) (clearTimeout(waiting.waitTimer), waiting.reject(new Error('HTML worker did not start', { cause: error })));
    }
    pump();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`HTML worker exited with code ${code}`)));
}

function retire(slot: Slot) {
  slots.delete(slot);
  clearTimeout(slot.idleTimer);
  void slot.worker.terminate();
}

/** The worker side: loads the job modules (a bundle is one already), then runs each job it is sent. */
function serve(port: MessagePort, modules: string[]) {
  port.on('message', async (request: JobRequest) => {
    try {
      if (!jobs.has(request.name)) await import(request.moduleUrl);
      const fn = jobs.get(request.name);
      if (!fn) throw new Error(`no HTML job named ${request.name} in ${request.moduleUrl}`);
      port.postMessage({ id: request.id, ok: true, value: await (fn as (...args: unknown[]) => unknown)(...request.args) } satisfies JobReply);
    } catch (e) {
      const tooComplex = e instanceof HtmlTooComplex ? { reason: e.reason, detail: e.detail } : undefined;
      port.postMessage({ id: request.id, ok: false, tooComplex, message: String((e as Error)?.message ?? e) } satisfies JobReply);
    }
  });
  // After the rest of the bundle (and with it every job declared there) has been evaluated.
  setImmediate(async () => {
    for (const url of modules) if (url !== SELF) await import(url);
    port.postMessage({ ready: true } satisfies JobReply);
  });
}

const data = workerData as { [WORKER_FLAG]?: boolean; jobModules?: string[] } | null;
if (!isMainThread && parentPort && data?.[WORKER_FLAG]) serve(parentPort, data.jobModules ?? []);
