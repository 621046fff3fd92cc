import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './app/query-client';
import { APP_BASENAME, createAppRouter } from './app/router';
import { paths, signInPath } from './app/paths';
import './styles.css';

const router = createAppRouter();

/** A 401 anywhere: the session ended. Forget its data and sign in again, then come back here. */
function sessionEnded() {
  // The router's own state carries the full path (/app/…); app paths are relative to the basename.
  const { pathname: full, search } = router.state.location;
  const pathname = full.startsWith(APP_BASENAME) ? full.slice(APP_BASENAME.length) || '/' : full;
  if (pathname === paths.login) return;
  queryClient.clear();
  void router.navigate(signInPath(pathname + search, 'expired'), { replace: true });
}

const queryClient = createQueryClient(sessionEnded);

/**
 * React recovered from a throw by rendering again; say what threw (its `cause`), which React's own report
 * leaves out: a render that throws, even recovered, is a fault of a page (the browser journeys fail on it).
 */
function reportRecoveredError(error: unknown, info: { componentStack?: string }) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  console.error(
    `React recovered from an error: ${error instanceof Error ? error.message : String(error)}`,
    cause ? `Cause: ${cause.stack ?? cause.message}` : '',
    info.componentStack ?? '',
  );
}

createRoot(document.getElementById('root')!, { onRecoverableError: reportRecoveredError }).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
