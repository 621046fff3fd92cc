import type { AppRoute } from '../../app/route-types';

/**
 * Creatives (the template editor, preview, checks, test sends, PDFs, placement, moderation) and the
 * briefs they are written from. One entry per page (docs/web-app.md).
 */
export const creativesRoutes: AppRoute[] = [
  { path: 'creatives', title: 'Creatives', page: () => import('./CreativesPage'), nav: { label: 'Creatives', order: 1 } },
  { path: 'creatives/:id', title: 'Creative', page: () => import('./CreativePage') },
  { path: 'briefs', title: 'Briefs', page: () => import('../briefs/BriefsPage'), nav: { label: 'Briefs', order: 2 } },
  { path: 'briefs/:id', title: 'Brief', page: () => import('../briefs/BriefPage') },
];
