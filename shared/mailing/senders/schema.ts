import * as z from 'zod';
import { checkedOutput } from '../../platform/registry/output-check.js';
import { EmailAccount } from './entities.js';

/** Shared zod pieces of the senders operations (inputs and the account output). */
export const accountIdPath = z.strictObject({ id: z.string().min(1).max(64) });
const host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.\-:[\]]+$/, 'must be a host name or IP address');
const port = z.number().int().min(1).max(65535);

export const passwordAccountBody = z.strictObject({
  name: z.string().trim().min(1).max(120).describe('Display name of the mailbox'),
  email: z.string().trim().max(254).email().describe('Sending address'),
  imapHost: host,
  imapPort: port,
  imapUser: z.string().min(1).max(254),
  imapPass: z.string().min(1).max(512).describe('Application password (never the webmail login password)'),
  smtpHost: host,
  smtpPort: port,
  smtpUser: z.string().min(1).max(254),
  smtpPass: z.string().min(1).max(512).describe('Application password'),
  dailyLimit: z.number().int().min(1).max(100_000).nullable().optional().describe('Daily send cap when no warm-up runs (null = none)'),
});

export const accountPatchBody = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  dailyLimit: z.number().int().min(1).max(100_000).nullable().optional(),
  dnsAcknowledged: z.boolean().optional().describe('true = send although checkDns fails (explicit acknowledgement); false withdraws it'),
  imapHost: host.optional(),
  imapPort: port.optional(),
  imapUser: z.string().min(1).max(254).optional(),
  imapPass: z.string().min(1).max(512).optional(),
  smtpHost: host.optional(),
  smtpPort: port.optional(),
  smtpUser: z.string().min(1).max(254).optional(),
  smtpPass: z.string().min(1).max(512).optional(),
});

/** A mailbox as answered: its attributes (never a secret) and whether a password or a refresh token is stored. */
export const accountOutput = checkedOutput(
  EmailAccount.output.extend({
    hasPassword: z.boolean().describe('A password is stored (encrypted; never returned)'),
    hasRefreshToken: z.boolean().describe('An OAuth refresh token is stored (encrypted; never returned)'),
  }),
);

export const accountListOutput = checkedOutput(
  z.looseObject({
    data: z.array(accountOutput).describe('The mailboxes of this page, in creation order'),
    pageSize: z.number(),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);
const side = z.looseObject({
  ok: z.boolean(),
  code: z.string().optional().describe('e.g. smtp_auth_failed, imap_unreachable'),
  reason: z
    .string()
    .optional()
    .describe(
      'The category: auth_failed, connection_refused, timeout, tls_failed, host_not_found, host_unreachable, host_not_allowed, connection_closed, refused_by_server, protocol_error, no_inbox, connection_failed',
    ),
  message: z.string().optional().describe("The side and the category in words (never the server's own text)"),
});
export const connectionOutput = z.looseObject({ accountId: z.string(), ok: z.boolean(), checkedAt: z.string(), smtp: side, imap: side });
