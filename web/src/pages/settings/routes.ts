import type { AppRoute } from '../../app/route-types';

/** Settings: send window, interval, auto-approve, company profile, transports, seed mailboxes, delete all data (docs/web-app.md). */
export const settingsRoutes: AppRoute[] = [
  { path: 'settings', title: 'Settings', page: () => import('./SettingsPage'), nav: { label: 'Workspace settings', order: 1 } },
];
