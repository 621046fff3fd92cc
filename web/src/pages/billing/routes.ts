import type { AppRoute } from '../../app/route-types';

/** Billing: balance, the ledger, how a top-up is applied (the 402 banner links to the page at path 'billing'). */
export const billingRoutes: AppRoute[] = [{ path: 'billing', title: 'Billing', page: () => import('./BillingPage'), nav: { label: 'Balance and ledger' } }];
