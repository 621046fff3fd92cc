import type { AppRoute } from '../../app/route-types';

/**
 * Campaigns: the list with state, and a campaign's page (audience, preparation, send gates, sending,
 * metrics as a funnel and over time, geo risk, outbox, activity).
 */
export const campaignsRoutes: AppRoute[] = [
  { path: 'campaigns', title: 'Campaigns', page: () => import('./CampaignsPage'), nav: { label: 'Campaigns', order: 1 } },
  { path: 'campaigns/:id', title: 'Campaign', page: () => import('./CampaignPage') },
];
