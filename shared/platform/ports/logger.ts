/** The logging port: structured lines, fields never carry secrets. Implementation: shared/platform/runtime/logger.ts. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A logger whose lines also carry `fields`. */
  child(fields: Record<string, unknown>): Logger;
}
