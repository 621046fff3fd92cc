/** The app's own paths (under /app) that other modules link to. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  registered: '/register/sent',
  questionnaire: '/signup-questionnaire',
  billing: '/billing',
};

/** Where sign-in returns to: only a path inside the app (never `//host` or an absolute URL). */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home;
  return next;
}

/** The sign-in page, keeping `next` (the page to return to) and why the person is there. */
export function signInPath(next: string, reason?: 'expired' | 'verified') {
  const q = new URLSearchParams();
  if (next && next !== paths.home && next !== paths.login) q.set('next', next);
  if (reason) q.set(reason, '1');
  const s = q.toString();
  return s ? `${paths.login}?${s}` : paths.login;
}
