/** Structured JSON log lines. Never pass secrets; `redact` strips the known secret-bearing keys anyway. */
const SECRET_KEYS = /(pass(word)?|secret|token|api_?key|authorization|cookie|imapPass|smtpPass)$/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

export const log = {
  info: (msg: string, fields: Record<string, unknown> = {}) => write('info', msg, fields),
  warn: (msg: string, fields: Record<string, unknown> = {}) => write('warn', msg, fields),
  error: (msg: string, fields: Record<string, unknown> = {}) => write('error', msg, fields),
};

function write(level: string, msg: string, fields: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === 'silent') return;
  if (level === 'info' && process.env.LOG_LEVEL === 'warn') return;
  process.stdout.write(JSON.stringify({ level, msg, ...(redact(fields) as object), t: new Date().toISOString() }) + '\n');
}
