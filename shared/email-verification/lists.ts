/**
 * The one place for the verifier's word lists. Disposable-mailbox domains (a subdomain of one counts
 * too) and role local parts (mailboxes of a function, not of a person). Extend here, nowhere else.
 */
export const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  '10minutemail.com', '10minutemail.net', '20minutemail.com', '33mail.com', 'anonbox.net', 'burnermail.io', 'discard.email', 'dispostable.com',
  'dropmail.me', 'emailondeck.com', 'fakeinbox.com', 'fakemail.net', 'getairmail.com', 'getnada.com', 'guerrillamail.biz', 'guerrillamail.com',
  'guerrillamail.de', 'guerrillamail.info', 'guerrillamail.net', 'guerrillamail.org', 'guerrillamailblock.com', 'harakirimail.com', 'inboxbear.com',
  'incognitomail.org', 'jetable.org', 'mail-temp.com', 'mailcatch.com', 'maildrop.cc', 'mailinator.com', 'mailinator.net', 'mailinator2.com',
  'mailnesia.com', 'mailnull.com', 'mailpoof.com', 'mailsac.com', 'mintemail.com', 'moakt.com', 'mohmal.com', 'mytemp.email', 'mytrashmail.com',
  'nada.email', 'sharklasers.com', 'spam4.me', 'spambog.com', 'spambox.us', 'spamgourmet.com', 'spamex.com', 'tempail.com', 'tempinbox.com',
  'temp-mail.io', 'temp-mail.org', 'tempmail.com', 'tempmail.dev', 'tempmail.net', 'tempmailo.com', 'tempr.email', 'throwawaymail.com',
  'trashmail.com', 'trashmail.de', 'trashmail.net', 'wegwerfmail.de', 'yopmail.com', 'yopmail.fr', 'yopmail.net', 'emailfake.com', 'fakemailgenerator.com',
]);

export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'abuse', 'accounting', 'accounts', 'admin', 'administrator', 'billing', 'careers', 'contact', 'contacts', 'customerservice', 'compliance',
  'dev', 'devnull', 'enquiries', 'feedback', 'finance', 'hello', 'help', 'helpdesk', 'hostmaster', 'hr', 'info', 'inquiries', 'invoice',
  'invoices', 'it', 'jobs', 'legal', 'mail', 'mailer-daemon', 'marketing', 'media', 'news', 'newsletter', 'no-reply', 'noc', 'noreply',
  'office', 'orders', 'postmaster', 'press', 'privacy', 'purchasing', 'recruiting', 'reply', 'root', 'sales', 'security', 'service',
  'support', 'team', 'webmaster', 'welcome',
]);

export function isDisposableDomain(domain: string): boolean {
  const labels = domain.split('.');
  for (let i = 0; i <= labels.length - 2; i++) if (DISPOSABLE_DOMAINS.has(labels.slice(i).join('.'))) return true;
  return false;
}

/** `info`, `sales+eu`, `no.reply` → role; compared without tags and separators. */
export function isRoleAddress(local: string): boolean {
  const base = local.toLowerCase().split('+')[0];
  return ROLE_LOCAL_PARTS.has(base) || ROLE_LOCAL_PARTS.has(base.replace(/[._]/g, '-')) || ROLE_LOCAL_PARTS.has(base.replace(/[._-]/g, ''));
}
