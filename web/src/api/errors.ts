/**
 * What an API error means to a person. Every page goes through these helpers instead of reading
 * status codes itself, so the same status always reads the same way.
 */

/** A failed answer of the API (any non-2xx), with the spec's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** Seconds from Retry-After (429, 503), when the answer had one. */
  readonly retryAfterSeconds?: number;

  constructor(status: number, body: ApiErrorBody, retryAfterSeconds?: number) {
    super(firstMessage(body) ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The 400 message array (a single message becomes a one-item list). */
  get messages(): string[] {
    const m = this.body.message;
    return Array.isArray(m) ? m.map(String) : typeof m === 'string' ? [m] : [];
  }

  get code(): string | undefined {
    return typeof this.body.code === 'string' ? this.body.code : typeof this.body.error === 'string' ? this.body.error : undefined;
  }
}

/** The request never got an answer (offline, server down, connection reset). Input is kept; retry is safe. */
export class NetworkError extends Error {
  /** Distinguishes it from a plain Error for the type checker (the classes are otherwise alike). */
  readonly noAnswer = true;
  constructor(cause?: unknown) {
    super('The connection to the service was lost.', { cause });
    this.name = 'NetworkError';
  }
}

export interface ApiErrorBody {
  statusCode?: number;
  message?: string | string[];
  error?: string;
  code?: string;
  topUpUrl?: string;
  [k: string]: unknown;
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
export const isNetworkError = (e: unknown): e is NetworkError => e instanceof NetworkError;
export const hasStatus = (e: unknown, status: number) => isApiError(e) && e.status === status;

function firstMessage(body: ApiErrorBody) {
  const m = body.message;
  return Array.isArray(m) ? (m[0] === undefined ? undefined : String(m[0])) : typeof m === 'string' ? m : undefined;
}

export interface FieldErrors {
  /** Messages that name a field of the form, by field name. */
  byField: Record<string, string[]>;
  /** Everything else, shown as a list above the form. */
  form: string[];
}

/**
 * Assigns the API's 400 messages to the form's fields. The API speaks the class-validator dialect:
 * `property x should not exist`, `x must be an email`, `x.0 must be ...`, `x: ...`. A message goes to
 * field `x` when its subject (or the subject's first path segment) is one of `fields`; the rest go to `form`.
 */
export function fieldErrors(messages: readonly string[], fields: readonly string[]): FieldErrors {
  const known = new Set(fields);
  const byField: Record<string, string[]> = {};
  const form: string[] = [];
  for (const message of messages) {
    const field = subjectField(message, known);
    if (field) (byField[field] ??= []).push(message);
    else form.push(message);
  }
  return { byField, form };
}

function subjectField(message: string, known: Set<string>): string | undefined {
  const m = /^property\s+(\S+)\s/.exec(message) ?? /^([A-Za-z_$][\w$]*(?:\.[\w$]+)*):?\s/.exec(message);
  if (!m) return undefined;
  const path = m[1];
  if (known.has(path)) return path;
  const head = path.split('.')[0];
  return known.has(head) ? head : undefined;
}

/**
 * 409 in words. The API's conflict messages are sentences already, but some speak to agents (they name
 * an endpoint); those codes get a sentence for people here. Anything else: the API's message, else
 * the code spelled out.
 */
const CONFLICT_WORDS: Record<string, string> = {
  idempotency_request_in_flight: 'The same request is still being processed. Wait a moment, then try again.',
  not_approved: 'The task is not approved yet. Approve it first.',
  invalid_state: 'This changed meanwhile. Reload the page to see where it stands.',
  campaign_changed: 'The campaign changed meanwhile. Reload and try again.',
  task_changed: 'The task changed meanwhile. Reload and try again.',
};

export function conflictInWords(err: ApiError): string {
  const code = err.code && err.code !== 'Conflict' ? err.code : undefined;
  if (code && CONFLICT_WORDS[code]) return CONFLICT_WORDS[code];
  const message = err.messages.join(' ');
  if (message) return message;
  return code ? `${code.charAt(0).toUpperCase()}${code.slice(1).replace(/_/g, ' ')}.` : 'This conflicts with the current state. Reload and try again.';
}

/**
 * One sentence for any failure, for places that show an error as text (a form's list, a toast).
 * `action` completes "Your role cannot …" for 403s (e.g. "delete companies").
 */
export function describeError(err: unknown, action = 'do this'): string {
  if (isNetworkError(err)) return 'The connection to the service was lost. Your input is kept: retry when you are back online.';
  if (!isApiError(err)) return 'Something went wrong in the page. Reload and try again.';
  switch (err.status) {
    case 400:
      return err.messages.join(' ') || 'The request was not accepted.';
    case 401:
      return 'Your session has ended. Sign in again.';
    case 402:
      return err.messages.join(' ') || 'The workspace balance does not cover this. Top it up on the billing page.';
    case 403:
      return isOriginRefusal(err) ? err.messages.join(' ') : `Your role cannot ${action}.`;
    case 404:
      return 'Not found. It may have been deleted, or it belongs to another workspace.';
    case 409:
      return conflictInWords(err);
    case 413:
      return 'That is too large to send in one request.';
    case 429:
      return err.retryAfterSeconds ? `Too many requests. Try again in ${err.retryAfterSeconds} s.` : 'Too many requests. Try again shortly.';
    default:
      return err.status >= 500 ? 'The service had a problem. Try again in a moment.' : err.messages.join(' ') || `Request failed (${err.status}).`;
  }
}

const isOriginRefusal = (err: ApiError) => err.code === 'cross_origin_refused';
