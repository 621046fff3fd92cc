import { defineEntity } from '../../platform/data/entity.js';

/** Custom tracking domains of a tenant (tenant table), listed on gsi1 by domain name. */
export const TrackingDomain = defineEntity({
  entity: 'tracking_domain',
  formerly: 'trackingDomain',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'TRACKDOMAIN#${domain}', sk: 'TRACKDOMAIN' },
    byName: { index: 'gsi1', pk: 'TRACKDOMAINS', sk: '${domain}' },
  },
});

export interface TrackingDomainItem {
  id: string;
  domain: string;
  /** PENDING until the CNAME resolves to the tracking host; ACTIVE after; FAILED with a reason when a check fails. */
  status: 'PENDING' | 'ACTIVE' | 'FAILED';
  reason: string | null;
  cnameTarget: string;
  isDefault: boolean;
  lastCheckedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
