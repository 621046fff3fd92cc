import * as z from 'zod';
import { SUPPRESSION_SOURCES } from '../../shared/crm/audience/suppression.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/** Success answers of the audience operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */

/**
 * One data-subject request as create, get and list answer it: one shape for both types (a source request's
 * result lists sources, an erasure's counts what was erased); result and completedAt are null until it completed.
 */
const DsarRecord = z.looseObject({
  id: z.string().describe('DSAR id'),
  type: z.string().describe('source | erasure'),
  status: z.string().describe('completed | failed (processed at once)'),
  emailHash: z.string().describe('SHA-256 of the address: an erasure record keeps only this'),
  emailMasked: z.string().nullable(),
  note: z.string().nullable(),
  result: z
    .looseObject({
      suppressionSource: z.string().nullable().optional(),
      found: z.number().optional(),
      suppressed: z.boolean(),
      sources: z
        .array(
          z.looseObject({
            sourceUrl: z.string().nullable(),
            collectedAt: z.string().nullable(),
            importId: z.string().nullable(),
            contactId: z.string().describe('Contact id'),
            kind: z.string(),
            recordedAt: z.string(),
          }),
        )
        .optional(),
      suppressionId: z.string().optional(),
      erased: z
        .looseObject({
          channels: z.number(),
          contacts: z.number(),
          leads: z.number(),
          listMemberships: z.number(),
        })
        .optional()
        .describe('erasure: what was deleted (every contact holding the address, with channels, leads and list memberships)'),
    })
    .nullable()
    .describe(
      'source: {found, sources: where each contact came from, suppressed}; erasure: {erased, suppressed, suppressionId} (the address is suppressed first, by hash, never lifted); null unless completed',
    ),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
  completedAt: z.string().nullable(),
});

export const DsarController_createOutput = DsarRecord;

export const EmailVerificationController_verifyBatchOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        input: z.string().describe('The address as sent, or read from a contact sent by id'),
        email: z.string().describe('The normalised address checked'),
        disposable: z.boolean().describe('A disposable-mail domain'),
        role: z.boolean().describe('A role address (info@, sales@, …)'),
        mx: z.string().nullable().describe('The MX host probed'),
        smtp: z
          .looseObject({
            code: z.number(),
            message: z.string(),
          })
          .nullable()
          .describe('The MX answer to RCPT TO (EHLO, MAIL FROM:<>, RCPT TO, QUIT; nothing is sent)'),
        result: z.string().describe('valid: send | invalid: never send | risky: send with care | unknown: retry later'),
        reasons: z
          .array(z.string())
          .describe(
            'syntax, domain_not_found, no_mx, null_mx, dns_error, disposable, role_address, smtp_accepted, mailbox_rejected, catch_all, smtp_tempfail, smtp_unreachable, smtp_timeout, smtp_refused, mx_blocked_address, budget_exhausted',
          ),
        checkedAt: z.string().describe('ISO 8601'),
        contactIds: z.array(z.string()).describe('Contacts whose email channel holds this address (the result is stored on them)'),
      }),
    )
    .describe('One result per address'),
  summary: z.looseObject({
    valid: z.number(),
    invalid: z.number(),
    risky: z.number(),
    unknown: z.number(),
  }),
  total: z.number(),
});

export const dsar_getOutput = DsarRecord;

export const dsar_listOutput = z.looseObject({
  data: z.array(DsarRecord).describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const stoplist_addOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  type: z.string(),
  domain: z.string().nullable(),
  companyId: z.string().nullable().describe('Company id (null when none)'),
  companyName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  created: z.boolean(),
});

export const stoplist_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        type: z.string(),
        domain: z.string().nullable(),
        companyId: z.string().nullable().describe('Company id (null when none)'),
        companyName: z.string().nullable(),
        note: z.string().nullable(),
        createdAt: z.string().describe('ISO 8601 time of creation'),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const stoplist_removeOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  deleted: z.boolean(),
});

export const suppression_addOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  type: z.string(),
  value: z.string().nullable().describe('null once erased (DSAR): only the hash is kept'),
  hashed: z.boolean(),
  source: z.string(),
  note: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  created: z.boolean(),
});

export const suppression_checkOutput = checkedOutput(
  z.looseObject({
    email: z.string().describe('The address checked, normalised'),
    suppressed: z.boolean().describe('true: the address, its domain or a parent domain is suppressed'),
    suppression: z
      .looseObject({
        id: z.string().describe('SHA-256 hash the entry is looked up by'),
        type: z.enum(['email', 'domain']),
        value: z.string().nullable().describe('The address or domain; null for an erasure entry, which keeps only the hash'),
        hashed: z.boolean().describe('true when only the hash is kept'),
        source: z.enum(SUPPRESSION_SOURCES),
        note: z.string().nullable(),
        createdAt: z.string().describe('ISO 8601 time of creation'),
      })
      .nullable()
      .describe('The matching suppression entry (null when none)'),
    stopListed: z.boolean().describe("true: the address's domain is on the stop list"),
    stopList: z
      .looseObject({
        id: z.string().describe('`domain:<domain>` or `company:<companyId>`'),
        type: z.enum(['domain', 'company']),
        domain: z.string().nullable(),
        companyId: z.string().nullable().describe('Company id (null when none)'),
        companyName: z.string().nullable().describe('Name of the company when it was added'),
        note: z.string().nullable(),
        createdAt: z.string().describe('ISO 8601 time of creation'),
      })
      .nullable()
      .describe('The matching stop-list entry (null when none)'),
  }),
);

export const suppression_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        type: z.string(),
        value: z.string().nullable(),
        hashed: z.boolean(),
        source: z.string(),
        note: z.string().nullable(),
        createdAt: z.string().describe('ISO 8601 time of creation'),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const suppression_removeOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  deleted: z.boolean(),
});
