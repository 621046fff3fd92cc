/**
 * Security headers of the web app's shell and assets, the same locally (infra/local serves /app) and
 * in AWS (CloudFront's response headers policy): scripts, styles and fetches from the app's own origin
 * only — no inline script, no eval — and never framed.
 */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
