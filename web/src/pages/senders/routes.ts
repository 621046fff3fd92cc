import type { AppRoute } from '../../app/route-types';

/**
 * Senders: mailboxes (connection, DNS, warm-up, relay health, suspend/resume), connecting one, tracking
 * domains, the deliverability matrix. One entry per page (docs/web-app.md).
 */
export const sendersRoutes: AppRoute[] = [
  { path: 'senders', title: 'Sender mailboxes', page: () => import('./SendersPage'), nav: { label: 'Mailboxes', order: 1 } },
  { path: 'senders/connect', title: 'Connect a mailbox', page: () => import('./ConnectSenderPage'), nav: { label: 'Connect a mailbox', order: 2 } },
  { path: 'senders/tracking-domains', title: 'Tracking domains', page: () => import('./TrackingDomainsPage'), nav: { label: 'Tracking domains', order: 3 } },
  { path: 'senders/deliverability', title: 'Deliverability', page: () => import('./DeliverabilityPage'), nav: { label: 'Deliverability', order: 4 } },
  { path: 'senders/:id', title: 'Sender mailbox', page: () => import('./SenderPage') },
];
