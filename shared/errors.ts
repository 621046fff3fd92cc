/**
 * One error family: every error a client can cause knows its HTTP status and its exact JSON body.
 * Handlers throw these; the pipeline turns them into responses. Anything else becomes a bare 500
 * without a stack trace.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown> | null,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body?.message === 'string' ? body.message : `HTTP ${status}`);
    this.name = 'AppError';
  }
}

/** 400 with class-validator style message array: `{statusCode:400, message:[...]}`. */
export const badRequest = (messages: string[] | string, extra: Record<string, unknown> = {}) =>
  new AppError(400, { statusCode: 400, message: messages, error: 'Bad Request', ...extra });

/** 400 with a machine code, e.g. `{code:'unknown_filter_field', available:[...]}`. */
export const badRequestCode = (code: string, extra: Record<string, unknown> = {}) =>
  new AppError(400, { statusCode: 400, code, ...extra });

export const INVALID_CREDENTIALS = Object.freeze({ statusCode: 401, message: 'Invalid credentials' });
export const unauthorized = () => new AppError(401, { ...INVALID_CREDENTIALS });

export const forbidden = (message = 'Forbidden', extra: Record<string, unknown> = {}) =>
  new AppError(403, { statusCode: 403, message, error: 'Forbidden', ...extra });

export const notFound = (what = 'Resource') =>
  new AppError(404, { statusCode: 404, message: `${what} not found`, error: 'Not Found' });

export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(409, { statusCode: 409, message, error: 'Conflict', ...extra });

export const payloadTooLarge = (limitBytes: number) =>
  new AppError(413, { statusCode: 413, message: `Request body exceeds ${limitBytes} bytes`, error: 'Payload Too Large' });

export const paymentRequired = (body: Record<string, unknown>) => new AppError(402, body);

/** 429 forms of the spec. `null` body = the bare edge 429. */
export const tooManyRequests = (body: Record<string, unknown> | null, retryAfterSeconds?: number) =>
  new AppError(429, body, retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {});

export const unprocessable = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(422, { statusCode: 422, message, error: 'Unprocessable Entity', ...extra });

export const serviceUnavailable = (message = 'Service temporarily unavailable') =>
  new AppError(503, { statusCode: 503, message, error: 'Service Unavailable' });

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
