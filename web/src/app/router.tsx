import { createBrowserRouter, type RouteObject } from 'react-router';
import { areas } from '../routes';
import type { AppRoute } from './route-types';
import { PublicLayout } from './PublicLayout';
import { RequireSession } from './RequireSession';
import { RouteError } from './RouteError';
import { Shell } from './Shell';
import { NotFound } from '../pages/NotFoundPage';

export const APP_BASENAME = '/app';

const toRoute = (r: AppRoute): RouteObject => ({
  path: r.path || undefined,
  index: r.path === '' ? true : undefined,
  handle: { title: r.title },
  lazy: async () => ({ Component: (await r.page()).default }),
});

/** The router: public pages in a plain layout; workspace pages behind the session check, in the shell. */
export function createAppRouter() {
  const all = areas.flatMap((a) => a.routes);
  return createBrowserRouter(
    [
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: all.filter((r) => r.access === 'public').map(toRoute),
      },
      {
        element: <RequireSession />,
        errorElement: <RouteError />,
        children: [
          {
            element: <Shell />,
            children: [
              { errorElement: <RouteError />, children: all.filter((r) => r.access !== 'public').map(toRoute) },
              { path: '*', handle: { title: 'Not found' }, element: <NotFound /> },
            ],
          },
        ],
      },
    ],
    { basename: APP_BASENAME },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
