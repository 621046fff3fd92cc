import { ApiError, NetworkError, type ApiErrorBody } from './errors';

/**
 * The one way the app reaches the service: `/api/*` and the `/v1` identity operations, exactly as
 * an agent calls them, with the session cookie (same origin, HttpOnly: the app never sees it) and the
 * chosen workspace as `X-Tenant-Id`. Answers are JSON; failures throw ApiError (with the spec's body)
 * or NetworkError. No caching here: TanStack Query owns server state.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send without X-Tenant-Id (the identity and auth calls, which act on the caller, not a workspace). */
  noTenant?: boolean;
}

/** A 429 whose Retry-After is at most this long is waited out and retried; a longer one is shown. */
export const MAX_AUTO_WAIT_SECONDS = 10;
const MAX_RATE_LIMIT_RETRIES = 2;

let tenantId: string | undefined;
/** The workspace every following call acts in (the workspace switcher sets it). */
export function setApiTenant(id: string | undefined) {
  tenantId = id;
}

/** Test seam: how the client waits for Retry-After (a real timer in the app). */
export const timing = {
  sleep: (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
    }),
};

export async function apiRequest<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (tenantId && !opts.noTenant) headers['x-tenant-id'] = tenantId;
  // One key for every attempt of this call: a retry after a 429 or a lost connection runs it at most once.
  if ((method === 'POST' || method === 'PATCH') && path.startsWith('/api/') && !headers['idempotency-key']) headers['idempotency-key'] = crypto.randomUUID();
  const url = path + queryString(opts.query);
  const init: RequestInit = {
    method,
    headers,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  };
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      throw new NetworkError(e);
    }
    if (res.ok) return (await readBody(res)) as T;
    const body = ((await readBody(res)) ?? {}) as ApiErrorBody;
    const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
    if (res.status === 429 && retryAfter !== undefined && retryAfter <= MAX_AUTO_WAIT_SECONDS && attempt < MAX_RATE_LIMIT_RETRIES) {
      await timing.sleep(retryAfter * 1000, opts.signal);
      continue;
    }
    throw new ApiError(res.status, typeof body === 'object' && body !== null ? body : { message: String(body) }, retryAfter);
  }
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>('PUT', path, { ...opts, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>('PATCH', path, { ...opts, body: body ?? {} }),
  delete: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, opts),
};

/**
 * The URL of an operation that answers a document the browser loads by itself (a frame's `src`): the
 * request cannot carry X-Tenant-Id, so the chosen workspace rides in the query as `workspace` (a GET
 * that declares it takes the tenant from it: shared/platform/http/pipeline.ts).
 */
export function documentUrl(path: string, query: Query = {}) {
  return path + queryString({ ...query, workspace: tenantId });
}

function queryString(query?: Query) {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 500) };
  }
}

/** Retry-After as seconds: delta-seconds or an HTTP date. */
export function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
