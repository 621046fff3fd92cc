import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger, LogLevel } from '../ports/logger.js';

/**
 * Structured JSON log lines on stdout (CloudWatch in Lambda). Never pass secrets; `redact` strips the
 * known secret-bearing keys anyway. Inside a request (see `withLogScope`, entered by the pipeline)
 * every line, from any module, carries the request's requestId, operationId, channel and tenantId.
 */
const SECRET_KEYS = /(pass(word)?|secret|token|api_?key|authorization|cookie|imapPass|smtpPass)$/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1)]));
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
let threshold: LogLevel = 'info';

/** Set once by the deps builders from `config.logLevel` (LOG_LEVEL). */
export function configureLogging(opts: { level: LogLevel }) {
  threshold = opts.level;
}

const scope = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `fn` with `bindings` on every log line written while it runs (the request scope). */
export const withLogScope = <T>(bindings: Record<string, unknown>, fn: () => T): T => scope.run({ ...bindings }, fn);

/** Adds fields to the current request scope (the tenant, once resolved); no-op outside a scope. */
export function bindLogScope(fields: Record<string, unknown>) {
  const store = scope.getStore();
  if (store) Object.assign(store, fields);
}

function write(level: LogLevel, msg: string, bound: Record<string, unknown>, fields: Record<string, unknown>) {
  if (RANK[level] < RANK[threshold]) return;
  process.stdout.write(JSON.stringify({ level, msg, ...scope.getStore(), ...(redact({ ...bound, ...fields }) as object), t: new Date().toISOString() }) + '\n');
}

function makeLogger(bound: Record<string, unknown>): Logger {
  return {
    debug: (msg, fields = {}) => write('debug', msg, bound, fields),
    info: (msg, fields = {}) => write('info', msg, bound, fields),
    warn: (msg, fields = {}) => write('warn', msg, bound, fields),
    error: (msg, fields = {}) => write('error', msg, bound, fields),
    child: (fields) => makeLogger({ ...bound, ...fields }),
  };
}

/** The process logger; within a request its lines carry the request scope. */
export const log: Logger = makeLogger({});
