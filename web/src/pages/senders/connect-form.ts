import { isApiError } from '../../api/errors';

/** The connect form's logic, apart from its markup (tested in test/web/senders-settings.test.ts). */
export type MailSide = 'smtp' | 'imap';

export const CONNECT_FIELDS = [
  'name',
  'email',
  'dailyLimit',
  'smtpHost',
  'smtpPort',
  'smtpUser',
  'smtpPass',
  'imapHost',
  'imapPort',
  'imapUser',
  'imapPass',
] as const;

const NUMBERS = new Set(['smtpPort', 'imapPort', 'dailyLimit']);

/**
 * The form's values as EmailAccountsController_create's body: ports and the cap as numbers (a value
 * that is not a number is sent as typed, so the API's 400 names the field), empty fields left out.
 */
export function connectBody(values: Record<string, string | boolean>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v !== 'string') continue;
    const n = Number(v);
    body[k] = NUMBERS.has(k) && v.trim() !== '' && Number.isFinite(n) ? n : v;
  }
  return body;
}

/**
 * A failed real login (422 {code, side, reason, message}): which half of the form it concerns and
 * what to say there. Any other error is not a login failure (undefined).
 */
export function connectFailure(error: unknown): { side?: MailSide; message: string } | undefined {
  if (!isApiError(error) || error.status !== 422) return undefined;
  const side = error.body.side === 'smtp' || error.body.side === 'imap' ? error.body.side : undefined;
  const said = error.messages.join(' ') || `The login failed (${error.code ?? 'unknown'})`;
  return { side, message: said };
}
