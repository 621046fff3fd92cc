import type { Area } from './app/route-types';
import { authRoutes } from './pages/auth/routes';
import { homeRoutes } from './pages/home/routes';
import { crmRoutes } from './pages/crm/routes';
import { importsRoutes } from './pages/imports/routes';
import { leadsRoutes } from './pages/leads/routes';
import { billingRoutes } from './pages/billing/routes';
import { keysRoutes } from './pages/keys/routes';
import { membersRoutes } from './pages/members/routes';
import { approvalsRoutes } from './pages/approvals/routes';
import { inboxRoutes } from './pages/inbox/routes';
import { enrichmentRoutes } from './pages/enrichment/routes';
import { tasksRoutes } from './pages/tasks/routes';
import { campaignsRoutes } from './pages/campaigns/routes';
import { sendersRoutes } from './pages/senders/routes';
import { settingsRoutes } from './pages/settings/routes';
import { creativesRoutes } from './pages/creatives/routes';

/**
 * Every area of the app, in navigation order. A page is added in its area's `routes.ts` (never here);
 * an area without pages shows no navigation section.
 */
export const areas: Area[] = [
  { id: 'auth', label: 'Account', routes: authRoutes },
  { id: 'home', label: 'Overview', routes: homeRoutes },
  { id: 'approvals', label: 'Approvals', routes: approvalsRoutes },
  { id: 'crm', label: 'CRM', routes: crmRoutes },
  { id: 'imports', label: 'Imports', routes: importsRoutes },
  { id: 'leads', label: 'Leads', routes: leadsRoutes },
  { id: 'senders', label: 'Senders', routes: sendersRoutes },
  { id: 'creatives', label: 'Creatives and briefs', routes: creativesRoutes },
  { id: 'tasks', label: 'Mailing tasks', routes: tasksRoutes },
  { id: 'campaigns', label: 'Campaigns', routes: campaignsRoutes },
  { id: 'inbox', label: 'Inbox', routes: inboxRoutes },
  { id: 'enrichment', label: 'Enrichment', routes: enrichmentRoutes },
  { id: 'billing', label: 'Billing', routes: billingRoutes },
  { id: 'keys', label: 'Keys and agents', routes: keysRoutes },
  { id: 'members', label: 'Members', routes: membersRoutes },
  { id: 'settings', label: 'Settings', routes: settingsRoutes },
];

/** Whether some area serves `path` (e.g. the 402 banner links to the billing page once it exists). */
export const hasRoute = (path: string) => areas.some((a) => a.routes.some((r) => r.path === path));
