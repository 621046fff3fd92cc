import * as z from 'zod';

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

export const accountOutput = z.looseObject({
  id: z.string().describe('Account id (use as accountId in tasks)'),
  name: z.string(),
  email: z.string(),
  auth: z.enum(['password', 'oauth']).describe('How the mailbox logs in: application password or OAuth XOAUTH2'),
  provider: z.string().optional().describe('OAuth provider: google | microsoft'),
  status: z.enum(['ACTIVE', 'SUSPENDED']),
  suspendedReason: z
    .string()
    .nullable()
    .optional()
    .describe('suspended_by_user (or the given reason), oauth_refresh_failed, bounce_rate_exceeded (bounceTrip: the window that tripped the bounce guard)'),
  smtpHost: z.string(),
  smtpPort: z.number(),
  imapHost: z.string(),
  imapPort: z.number(),
  dnsStatus: z
    .enum(['pass', 'warn', 'fail'])
    .nullable()
    .optional()
    .describe('Last checkDns verdict; null = never checked (not sendable until checked or acknowledged)'),
  dnsAcknowledgedAt: z.string().nullable().optional(),
  hasPassword: z.boolean().describe('A password is stored (encrypted; never returned)'),
  hasRefreshToken: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const accountListOutput = z.looseObject({ data: z.array(accountOutput), pageSize: z.number(), nextCursor: z.string().nullable() });
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
