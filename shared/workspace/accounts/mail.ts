import type { PlatformMessage } from '../../platform/ports/platform-mail.js';

/** Platform emails of the registration, each as text and HTML (escaped, inline styles only). */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function html(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${esc(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${esc(action.url)}" style="background:#1f6feb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${esc(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#555">Or paste this address into your browser:<br><span style="word-break:break-all">${esc(action.url)}</span></p>`
    : '';
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${esc(title)}</h1>${body}${button}</body></html>`
  );
}

export function confirmEmailMessage(to: string, url: string): PlatformMessage {
  const title = 'Confirm your email address';
  const lines = ['Confirm your address to continue your registration. The link is valid for 24 hours and works once.'];
  return { to, subject: title, text: `${lines[0]}\n\n${url}\n`, html: html(title, lines, { label: 'Confirm my address', url }), links: { confirm: url } };
}

export function acceptTermsMessage(to: string, url: string, termsUrl: string): PlatformMessage {
  const title = 'Accept the terms to finish your registration';
  const lines = [
    'Your address is confirmed. Opening the link below records that you accept the Terms of Service, and sends your registration to an administrator for approval.',
    `Read the terms first: ${termsUrl}`,
    'The link is valid for 24 hours and works once.',
  ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: html(title, lines, { label: 'I accept the terms', url }),
    links: { acceptTerms: url, terms: termsUrl },
  };
}

export function approvedMessage(to: string, baseUrl: string): PlatformMessage {
  const title = 'Your account is approved';
  const lines = [
    'An administrator approved your registration. The API key you received at signup now works for the whole /api/* surface; it was not rotated.',
    `GET ${baseUrl}/v1/me shows scope "approved".`,
  ];
  return { to, subject: title, text: lines.join('\n\n') + '\n', html: html(title, lines) };
}

export function rejectedMessage(to: string): PlatformMessage {
  const title = 'Your registration was not approved';
  const lines = ['An administrator reviewed your registration and did not approve it. Your registration and its API key were deleted.'];
  return { to, subject: title, text: lines.join('\n\n') + '\n', html: html(title, lines) };
}

/** The small HTML page a browser sees when it opens a registration link. */
export function linkPage(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  return html(title, paragraphs, action);
}

/** A set-password link: "reset" for an account that has a password, "set" for a key-first owner who never had one. */
export function passwordLinkMessage(to: string, url: string, hasPassword: boolean): PlatformMessage {
  const title = hasPassword ? 'Reset your password' : 'Set a password for your workspace';
  const lines = [
    hasPassword
      ? 'Someone (hopefully you) asked to reset the password of your account. Open the link to choose a new one.'
      : 'Your workspace was created with an API key. Open the link to choose a password and sign in to the web app.',
    'The link works once, for 1 hour. If you did not ask for it, ignore this email: nothing changes.',
  ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: html(title, lines, { label: 'Choose a password', url }),
    links: { setPassword: url },
  };
}
