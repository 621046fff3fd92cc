import * as z from 'zod';

export const trackingDomainOutput = z.looseObject({
  id: z.string().describe('The domain name (also the id)'),
  domain: z.string(),
  status: z.enum(['PENDING', 'ACTIVE', 'FAILED']).describe('PENDING until the CNAME resolves to the tracking host'),
  reason: z.string().nullable().describe('Why FAILED (cname_mismatch, cname_missing, dns_error)'),
  isDefault: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  dns: z.looseObject({ type: z.literal('CNAME'), name: z.string(), value: z.string().describe('Point the CNAME here') }),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
});
export const trackingDomainPath = z.strictObject({ id: z.string().min(1).max(253) });
