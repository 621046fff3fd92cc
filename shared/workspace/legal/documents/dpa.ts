import type { LegalDocument } from './types.js';

export const dpa: LegalDocument = {
  key: 'dpa',
  title: 'Data Processing Agreement',
  version: '2026-11-01',
  effectiveDate: '2026-11-01',
  summary: 'Terms under which the platform processes contact data on behalf of the client (GDPR Art. 28).',
  body: `# Data Processing Agreement

1. **Roles.** The client is the controller of the contact data it uploads or collects through the service; the platform is its processor.
2. **Instructions.** The platform processes contact data only to provide the service as configured by the client (storage, enrichment, rendering, sending, reply handling).
3. **Confidentiality.** Staff with access are bound to confidentiality and access only what support or security needs.
4. **Security.** Each workspace has its own database table; secrets are encrypted at rest; API keys are stored as hashes; access is logged. See the Security Overview (\`security\`).
5. **Sub-processors.** Cloud hosting and email delivery providers. The client is told of changes 14 days ahead and may object.
6. **Data-subject requests.** The platform forwards and helps answer requests; erasure suppresses the address immediately.
7. **Breaches.** The platform notifies the client without undue delay, and within 48 hours of becoming aware.
8. **Deletion.** On termination or on the client's wipe request the workspace data is deleted; backups expire within 35 days.
9. **Audits.** The platform provides the information needed to show compliance, once a year or after a breach.
`,
};
