/**
 * Consumer (free) and disposable mailbox providers: an address at one of these is not a business
 * mailbox, so it never passes the automatic checks of /api/auth/register. The ONE list; extend it here.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  // Global consumer mail
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.uk', 'hotmail.fr', 'live.com', 'live.co.uk', 'msn.com',
  'yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'ymail.com', 'rocketmail.com', 'aol.com', 'icloud.com', 'me.com', 'mac.com',
  'proton.me', 'protonmail.com', 'pm.me', 'tutanota.com', 'tuta.io', 'zoho.com', 'zohomail.com', 'gmx.com', 'gmx.net', 'gmx.de',
  'web.de', 'mail.com', 'email.com', 'fastmail.com', 'hushmail.com', 'inbox.com', 'yandex.com', 'yandex.ru', 'ya.ru', 'mail.ru',
  'bk.ru', 'inbox.ru', 'list.ru', 'rambler.ru', 'qq.com', '163.com', '126.com', 'sina.com', 'naver.com', 'daum.net',
  'libero.it', 'virgilio.it', 't-online.de', 'orange.fr', 'wanadoo.fr', 'free.fr', 'laposte.net', 'seznam.cz', 'wp.pl',
  'o2.pl', 'interia.pl', 'ukr.net', 'rediffmail.com', 'comcast.net', 'verizon.net', 'att.net', 'sbcglobal.net',
  // Disposable mail
  'mailinator.com', 'guerrillamail.com', '10minutemail.com', 'temp-mail.org', 'tempmail.com', 'yopmail.com', 'trashmail.com',
  'sharklasers.com', 'getnada.com', 'dispostable.com', 'maildrop.cc', 'throwawaymail.com',
]);

/** True when the domain (or a parent, e.g. mail.yahoo.com) is a free or disposable provider. */
export function isFreeMailDomain(domain: string): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  for (let i = 0; i < labels.length - 1; i++) if (FREE_MAIL_DOMAINS.has(labels.slice(i).join('.'))) return true;
  return false;
}
