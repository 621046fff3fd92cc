import type { LegalDocument } from './types.js';

export const security: LegalDocument = {
  key: 'security',
  title: 'Security Overview',
  version: '2026-11-01',
  effectiveDate: '2026-11-01',
  summary: 'The technical and organisational measures that protect workspace data.',
  body: `# Security Overview

- **Isolation.** Every workspace has its own database table; a request can only reach the workspace of a membership it holds, and anything else answers "not found".
- **Credentials.** API keys (\`svc_pk_\`) and session tokens are stored only as SHA-256 hashes; passwords as scrypt hashes. Keys carry scopes; roles (SUPER, ADMIN, MEMBER) limit what a user may do.
- **Secrets at rest.** Mailbox passwords and webhook secrets are encrypted with AES-256-GCM and never returned by the API.
- **Transport.** HTTPS only; session cookies are HttpOnly, Secure and SameSite.
- **Outbound requests.** Requests to user-supplied addresses (webhooks, crawling, website checks) pass one guard that refuses private, loopback and link-local targets, redirects included.
- **Abuse limits.** Rate limits on signup, login and the API; every failed authentication returns the same answer.
- **Signed webhooks.** Deliveries carry \`X-SERVICE-Signature: sha256=<hmac>\` over the raw body.
- **Reporting.** Report a vulnerability to the security contact shown in the dashboard; we answer within 3 working days.
`,
};
