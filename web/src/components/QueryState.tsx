import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeError } from '../api/errors';

/**
 * A query's pending and failed states, said the same way on every page; `children` renders the data.
 * (A 404 never reaches here: it throws to the route's not-found page.)
 */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <p role="status">Loading {label}…</p>;
  if (query.isError)
    return (
      <p className="error-text" role="alert">
        {label.charAt(0).toUpperCase() + label.slice(1)} could not be loaded: {describeError(query.error, `see ${label}`)}
      </p>
    );
  return <>{children(query.data)}</>;
}
