import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { hasStatus, isApiError, isNetworkError } from '../api/errors';
import { notices } from './notices';

/** What a query or mutation may tell the app-wide error handling (`meta` of useQuery / useMutation). */
export interface AppMeta extends Record<string, unknown> {
  /** false: a 401 is this call's own answer (the sign-in form, the session probe), not "session ended". */
  signInRedirect?: boolean;
  /** Completes "Your role cannot …" for a 403, e.g. "delete companies". */
  action?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/**
 * The one QueryClient. Status handling shared by every page lives here: 401 sends the person to sign in
 * with the current page kept, 402 raises the billing banner, a lost connection raises the retry banner;
 * 404 of a query throws to the route's error element (the not-found page); a paid answer refreshes the balance and
 * the ledger. Client errors are not retried.
 */
export function createQueryClient(onSessionEnded: () => void) {
  const onError = (err: unknown, meta: AppMeta | undefined) => {
    if (isNetworkError(err)) return notices.connectionLost();
    notices.connectionBack();
    if (hasStatus(err, 401) && meta?.signInRedirect !== false) onSessionEnded();
    if (isApiError(err) && err.status === 402)
      notices.paymentRequired(err.messages.join(' '), stringOrUndefined(err.body.topUpUrl), numberOrUndefined(err.body.cost));
  };
  const onSuccess = () => notices.connectionBack();
  // A paid answer carries `_billing` (what it cost, the balance after): the cached balance and ledger are then out of date.
  const onMutationSuccess = (data: unknown) => {
    onSuccess();
    if (data && typeof data === 'object' && '_billing' in data)
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'workspace' && q.queryKey[2] === 'billing' });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => onError(err, query.meta), onSuccess }),
    mutationCache: new MutationCache({ onError: (err, _v, _c, mutation) => onError(err, mutation.meta), onSuccess: onMutationSuccess }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failures, err) => (isNetworkError(err) ? failures < 2 : isApiError(err) && err.status >= 500 ? failures < 1 : false),
        throwOnError: (err) => hasStatus(err, 404),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

const stringOrUndefined = (v: unknown) => (typeof v === 'string' ? v : undefined);
const numberOrUndefined = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
