import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger, LogLevel } from '../ports/logger.js';

/**
 * Structured JSON log lines on stdout (CloudWatch in Lambda). Never pass secrets; `redact` strips the
 * known secret-bearing keys anyway. Inside a request (see `withLogScope`, entered by the pipeline)
 * every line, from any module, carries the request's requestId, operationId, channel and tenantId,
 * and is written at the level of the deps the request runs with.
 */
const SECRET_KEYS = /(pass(word)?|secret|token|api_?key|authorization|cookie|imapPass|smtpPass)$/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1)]));
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
/** Outside every scope (a module's load, a test calling a domain function directly): LOG_LEVEL's default. */
const LEVEL_OUTSIDE_SCOPES: LogLevel = 'info';

interface LogScope {
  level: LogLevel;
  fields: Record<string, unknown>;
}
const scope = new AsyncLocalStorage<LogScope>();

/**
 * Runs `fn` in a log scope: every line written while it runs, from any module, carries `fields` and is
 * written only at `level` and above. This is how a composition root's level (`deps.config.logLevel`)
 * reaches the lines, with no process-wide setting: the pipeline opens a scope per request, the
 * background entries one per message or run (`backgroundScope`), the embedded runtime one around
 * itself, so two runtimes in one process keep their own levels. A nested scope keeps the outer
 * fields and level unless it sets them.
 */
export function withLogScope<T>(opened: { level?: LogLevel; fields?: Record<string, unknown> }, fn: () => T): T {
  const outer = scope.getStore();
  return scope.run({ level: opened.level ?? outer?.level ?? LEVEL_OUTSIDE_SCOPES, fields: { ...outer?.fields, ...opened.fields } }, fn);
}

/** Adds fields to the current request scope (the tenant, once resolved); no-op outside a scope. */
export function bindLogScope(fields: Record<string, unknown>) {
  const store = scope.getStore();
  if (store) Object.assign(store.fields, fields);
}

function write(level: LogLevel, msg: string, bound: Record<string, unknown>, fields: Record<string, unknown>) {
  const current = scope.getStore();
  if (RANK[level] < RANK[current?.level ?? LEVEL_OUTSIDE_SCOPES]) return;
  process.stdout.write(JSON.stringify({ level, msg, ...current?.fields, ...(redact({ ...bound, ...fields }) as object), t: new Date().toISOString() }) + '\n');
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

/** The logger of every module: within a scope (a request, a background run) its lines carry the scope's fields, at the scope's level. */
export const log: Logger = makeLogger({});
