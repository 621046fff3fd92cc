import type { LegalDocument } from './types.js';

export const campaignGuarantee: LegalDocument = {
  key: 'campaign_guarantee',
  title: 'Campaign Legality Guarantee',
  version: '2026-11-01',
  effectiveDate: '2026-11-01',
  summary: "The client's warranty, accepted for each campaign, that the offer and the audience are lawful.",
  body: `# Campaign Legality Guarantee

By creating a campaign the client confirms, for that campaign:

1. The offer, its wording and any attachment or link are lawful in the sender's and the recipients' countries, and are not misleading.
2. The recipients are businesses or people contacted in their professional role; no bought consumer list is used.
3. The source of every contact is known and can be disclosed on request; opt-outs and suppression entries are respected.
4. The geo policy is followed: cold email to the US; legitimate interest with source disclosure and easy opt-out in the GDPR zone; no cold email to DE/AT; prior consent for RU.
5. The client, not the platform, is responsible for the legality of the offer and indemnifies the platform against claims arising from it.

The acceptance is recorded with context \`campaign\` and the campaign id as refId.
`,
};
