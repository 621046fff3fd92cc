import * as z from 'zod';
import { searchCompaniesByName } from '../../shared/crm/connectors/registry.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { lambdaHandler } from '../lambda.js';
import { connectors_registry_nameOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'connectors_registry_name',
  method: 'GET',
  path: '/api/connectors/dadata/name',
  tag: 'connectors',
  summary: 'Find companies by name in the registry (DaData)',
  description:
    'Query q (2-300 characters: a name, INN or OGRN), count (1-20, default 10). Searches the Russian company registry through DaData "suggest party" and answers {data:[{name, inn, ogrn, address, status}]} (status: ACTIVE, LIQUIDATING, LIQUIDATED, BANKRUPT, REORGANIZING). 503 when the registry is not configured (REGISTRY_API_KEY) or unavailable. Use the INN to create or dedupe companies.',
  output: connectors_registry_nameOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ q: z.string().trim().min(2).max(300), count: z.coerce.number().int().min(1).max(20).optional() }) },
  hints: { readOnly: true, idempotent: true },
  resources: ['registry'],
  handler: async ({ query }, ctx) => searchCompaniesByName(ctx.deps.config.registry, query.q, query.count ?? 10),
  guidance: (r) =>
    r.data.length
      ? { next: 'companies_create', why: 'Create the company with its INN (dedupe is by INN).' }
      : { next: null, why: 'No registry match; try the INN or a shorter name.' },
});
export const handler = lambdaHandler(operation);
