/**
 * One error family: every error a client can cause knows its HTTP status and its exact JSON body.
 * Handlers throw these (build them with the helpers below, not `new AppError(` by hand); the pipeline
 * turns them into responses. Anything else becomes a bare 500 without a stack trace. `cause` keeps the
 * lower-level error for logs; it never reaches the response body.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown> | null,
    readonly headers: Record<string, string> = {},
    options?: ErrorOptions,
  ) {
    super(typeof body?.message === 'string' ? body.message : `HTTP ${status}`, options);
    this.name = 'AppError';
  }
}

/** Options of every helper: the error that led to this answer. */
export type Cause = { cause?: unknown };

/** 400 with class-validator style message array: `{statusCode:400, message:[...]}`. */
export const badRequest = (messages: string[] | string, extra: Record<string, unknown> = {}) =>
  new AppError(400, { statusCode: 400, message: messages, error: 'Bad Request', ...extra });

/** 400 with one plain message and nothing else: `{statusCode:400, message}`. */
export const badRequestMessage = (message: string) => new AppError(400, { statusCode: 400, message });

/** 400 with a machine code, e.g. `{code:'unknown_filter_field', available:[...]}`. */
export const badRequestCode = (code: string, extra: Record<string, unknown> = {}) => new AppError(400, { statusCode: 400, code, ...extra });

export const INVALID_CREDENTIALS = Object.freeze({ statusCode: 401, message: 'Invalid credentials' });
export const unauthorized = () => new AppError(401, { ...INVALID_CREDENTIALS });

export const forbidden = (message = 'Forbidden', extra: Record<string, unknown> = {}) =>
  new AppError(403, { statusCode: 403, message, error: 'Forbidden', ...extra });

export const notFound = (what = 'Resource') => new AppError(404, { statusCode: 404, message: `${what} not found`, error: 'Not Found' });

/** 404 with its own message (and e.g. a `code`), when "<thing> not found" does not say it. */
export const notFoundMessage = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(404, { statusCode: 404, message, error: 'Not Found', ...extra });

/** 410: it existed and is gone for good (a used or expired link). */
export const gone = (message: string, extra: Record<string, unknown> = {}) => new AppError(410, { statusCode: 410, message, error: 'Gone', ...extra });

export const conflict = (message: string, extra: Record<string, unknown> = {}) => new AppError(409, { statusCode: 409, message, error: 'Conflict', ...extra });

export const payloadTooLarge = (limitBytes: number) =>
  new AppError(413, { statusCode: 413, message: `Request body exceeds ${limitBytes} bytes`, error: 'Payload Too Large' });

/** 413 with its own message (and e.g. a `code`): what was asked for is larger than the operation answers. */
export const tooLarge = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(413, { statusCode: 413, message, error: 'Payload Too Large', ...extra });

/** The object a request would store exceeds the store's item limit (DynamoDB: 400 KB). */
export const objectTooLarge = () =>
  new AppError(413, { statusCode: 413, message: 'The object would exceed the 400 KB storage limit; send less data', error: 'Payload Too Large' });

export const paymentRequired = (body: Record<string, unknown>) => new AppError(402, body);

/** 429 forms of the spec. `null` body = the bare edge 429. */
export const tooManyRequests = (body: Record<string, unknown> | null, retryAfterSeconds?: number) =>
  new AppError(429, body, retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {});

export const unprocessable = (message: string, extra: Record<string, unknown> = {}, options: Cause = {}) =>
  new AppError(422, { statusCode: 422, message, error: 'Unprocessable Entity', ...extra }, {}, options);

export const serviceUnavailable = (message = 'Service temporarily unavailable', retryAfterSeconds?: number) =>
  new AppError(
    503,
    { statusCode: 503, message, error: 'Service Unavailable' },
    retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {},
  );

/** 503 while the data store cannot answer (unreachable, or throttled in AWS): a retry after `retryAfterSeconds` may succeed. */
export const storeUnavailable = (reason: 'unreachable' | 'throttled', retryAfterSeconds: number) =>
  serviceUnavailable(
    reason === 'throttled' ? 'The data store is busy; retry after the Retry-After delay' : 'The data store is unavailable; retry after the Retry-After delay',
    retryAfterSeconds,
  );

/** 500 for a server fault: a fixed message, never a stack; `extra` adds e.g. the requestId. */
export const internalError = (extra: Record<string, unknown> = {}, options: Cause = {}, message = 'Internal server error') =>
  new AppError(500, { statusCode: 500, message, ...extra }, {}, options);

/** The same answer with extra response headers (e.g. `retry-after`). */
export const withHeaders = (err: AppError, headers: Record<string, string>) =>
  new AppError(err.status, err.body, { ...err.headers, ...headers }, { cause: err.cause });

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/**
 * One import row refused with a reason (reported for that row; the other rows go on). Thrown by row
 * parsers and caught per row: anything else that is thrown there is a real failure.
 */
export class RowRejected extends Error {
  override readonly name = 'RowRejected';
}
export const rowRejected = (reason: string) => new RowRejected(reason);
