import type { LegalDocument } from './types.js';

export const aup: LegalDocument = {
  key: 'aup',
  title: 'Acceptable Use Policy',
  version: '2026-11-01',
  effectiveDate: '2026-11-01',
  summary: 'What may and may not be sent through the platform.',
  body: `# Acceptable Use Policy

**Allowed:** relevant, honest business-to-business outreach to people in their professional role.

**Required in every email:**
- a real sender identity and a physical postal address;
- a working one-click unsubscribe (List-Unsubscribe), honoured at once;
- a subject line that matches the content.

**Forbidden:**
- bought, rented or scraped consumer lists, and any mail to private individuals;
- addresses of people who opted out or are on the suppression list;
- phishing, malware, deceptive offers, illegal goods or services, adult content, hate speech;
- hiding the sender, forging headers, or rotating domains to evade filters or blocks;
- sending to recipients where the geo policy forbids cold email (DE/AT opt-in only; RU prior consent).

**Enforcement:** the platform watches bounces, complaints and spam placement and may pause campaigns or suspend the workspace. Repeated or serious breaches end the agreement.
`,
};
