import { aup } from './aup.js';
import { campaignGuarantee } from './campaign_guarantee.js';
import { dpa } from './dpa.js';
import { mode2 } from './mode2.js';
import { privacy } from './privacy.js';
import { security } from './security.js';
import { terms } from './terms.js';
import type { LegalDocument } from './types.js';

export type { LegalDocument } from './types.js';

/** The platform legal documents, by key, in the spec's order. */
export const DOC_KEYS = ['terms', 'aup', 'privacy', 'dpa', 'mode2', 'campaign_guarantee', 'security'] as const;
export type DocKey = (typeof DOC_KEYS)[number];

export const DOCUMENTS: Record<DocKey, LegalDocument> = {
  terms,
  aup,
  privacy,
  dpa,
  mode2,
  campaign_guarantee: campaignGuarantee,
  security,
};

export const isDocKey = (k: string): k is DocKey => (DOC_KEYS as readonly string[]).includes(k);
