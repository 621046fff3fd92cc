import type { LegalDocument } from './types.js';

export const privacy: LegalDocument = {
  key: 'privacy',
  title: 'Privacy Policy',
  version: '2026-11-01',
  effectiveDate: '2026-11-01',
  summary: 'How the platform handles the personal data of its users and of the contacts they reach.',
  body: `# Privacy Policy

**Who we are.** The platform operator is the controller for account data (users of the service) and a processor for contact data the client uploads (see \`dpa\`).

**What we collect about users:** name, business email, company, password hash, login and API activity, billing records, and the answers given during signup.

**Why:** to provide and secure the service, to bill, to prevent abuse, and to meet legal duties. The legal bases are the contract and our legitimate interest in a safe service.

**Contacts of our clients.** We process them only on the client's instructions. Anyone can ask where their address came from or ask to be deleted (a data-subject request); erasure suppresses the address at once.

**Sharing:** hosting and email-delivery providers under contract; authorities when the law requires it. We do not sell personal data.

**Retention:** account data while the account exists and up to 12 months after; billing records as long as tax law requires; unconfirmed registrations are deleted after 24 hours of inactivity.

**Your rights:** access, correction, deletion, restriction, portability and objection. Write to the privacy contact shown in the dashboard.
`,
};
