import type { AppRoute } from '../../app/route-types';

/**
 * Inbox and sequences: the unified inbox of replies with their labels, a thread with reply, forward and
 * lead, compose and sync; follow-up sequences with their steps and who stopped and why.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const inboxRoutes: AppRoute[] = [
  { path: 'inbox', title: 'Inbox', page: () => import('./InboxPage'), nav: { label: 'Inbox', order: 1 } },
  { path: 'inbox/:dialogId', title: 'Dialog', page: () => import('./DialogPage') },
  { path: 'sequences', title: 'Sequences', page: () => import('./SequencesPage'), nav: { label: 'Sequences', order: 2 } },
  { path: 'sequences/:id', title: 'Sequence', page: () => import('./SequencePage') },
];
