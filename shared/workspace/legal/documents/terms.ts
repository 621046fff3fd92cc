import type { LegalDocument } from './types.js';

export const terms: LegalDocument = {
  key: 'terms',
  title: 'Terms of Service',
  version: '2026-11-01',
  effectiveDate: '2026-11-01',
  summary: 'The agreement between the platform and the client for using the CRM and outbound mailing service.',
  body: `# Terms of Service

1. **The service.** The platform provides a multi-tenant CRM and a B2B outbound mailing service through a web dashboard, an HTTPS API and MCP tools. Agents acting with the client's keys act for the client.
2. **Accounts.** The client gives true registration data, keeps passwords and API keys secret and is responsible for everything done with its credentials. Keys can be revoked at any time.
3. **Acceptable use.** The client follows the Acceptable Use Policy (\`aup\`). B2B outreach only; bought consumer lists are forbidden and are grounds for suspension.
4. **The client's content.** The client warrants that its offers, messages and contact data are lawful (see \`campaign_guarantee\`) and grants the platform the rights needed to store, render and send them.
5. **Billing.** Paid operations are charged from the prepaid workspace balance at the prices shown in the dashboard. Top-ups are made in the dashboard only. Unused balance is not refunded except where the law requires it.
6. **Suspension.** The platform may pause sending or suspend a workspace that breaches these terms, harms deliverability for others, or receives abuse complaints, and will say why.
7. **Data protection.** Personal data is processed as described in the Privacy Policy (\`privacy\`) and, for contact data the client uploads, the Data Processing Agreement (\`dpa\`).
8. **Liability.** The service is provided as is. Neither party is liable for indirect damages; the platform's total liability is limited to the fees paid in the last 12 months.
9. **Changes.** New versions of these terms are announced 14 days before they take effect; continued use after that date is acceptance.
10. **Termination.** Either party may end the agreement at any time. The client can export its data and wipe its workspace before leaving.
`,
};
