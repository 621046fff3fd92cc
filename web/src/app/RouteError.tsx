import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { describeError, hasStatus, isApiError, isNetworkError } from '../api/errors';
import { NotFound } from '../pages/NotFoundPage';

/**
 * What a page shows when it cannot render: a 404 (an API answer or an unknown path) is the not-found
 * page; a page module that no longer exists (a new version was deployed) asks for a reload; anything
 * else says so without details.
 */
export function RouteError() {
  const error = useRouteError();
  if (hasStatus(error, 404) || (isRouteErrorResponse(error) && error.status === 404)) return <NotFound />;
  const staleBuild = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <div className="page">
      <h1>{staleBuild ? 'A new version is available' : 'This page could not be shown'}</h1>
      <p role="alert">
        {staleBuild
          ? 'The app was updated. Reload to continue.'
          : isApiError(error) || isNetworkError(error)
            ? describeError(error)
            : 'Something went wrong in the page.'}
      </p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>{' '}
        <Link to="/">Go to the overview</Link>
      </p>
    </div>
  );
}
