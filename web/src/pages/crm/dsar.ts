/** A data-subject request as dsar_list / dsar_get answer it. */
export interface Dsar {
  id: string;
  type: 'source' | 'erasure' | string;
  status: string;
  emailHash: string;
  emailMasked: string | null;
  note: string | null;
  result: DsarResult | null;
  createdAt: string;
  completedAt: string | null;
}

export interface DsarResult {
  found?: number;
  sources?: { contactId: string; kind: string; sourceUrl: string | null; collectedAt: string | null; importId: string | null; recordedAt: string }[];
  suppressed?: boolean;
  suppressionSource?: string | null;
  suppressionId?: string;
  erased?: { contacts: number; channels: number; leads: number; listMemberships: number };
}

export const DSAR_TYPE_LABELS: Record<string, string> = {
  source: 'Access: where did you get my address',
  erasure: 'Erasure: delete me',
};

/** The sentence a person reads about a completed request's result. */
export function resultInWords(d: Pick<Dsar, 'type' | 'status' | 'result'>): string {
  if (d.status !== 'completed' || !d.result) return d.status === 'failed' ? 'The request failed; file it again.' : 'Not finished yet.';
  const r = d.result;
  if (d.type === 'erasure') {
    const e = r.erased ?? { contacts: 0, channels: 0, leads: 0, listMemberships: 0 };
    return `Address suppressed. Erased ${e.contacts} ${e.contacts === 1 ? 'contact' : 'contacts'}, ${e.channels} ${e.channels === 1 ? 'channel' : 'channels'}, ${e.leads} ${e.leads === 1 ? 'lead' : 'leads'} and ${e.listMemberships} list ${e.listMemberships === 1 ? 'membership' : 'memberships'}.`;
  }
  const found = r.found ?? 0;
  const held = found === 0 ? 'No contact holds this address.' : `${found} ${found === 1 ? 'contact holds' : 'contacts hold'} this address.`;
  return `${held} ${r.suppressed ? `It is suppressed (${r.suppressionSource ?? 'suppression list'}).` : 'It is not suppressed.'}`;
}

/** The file an access request's answer is downloaded as: the record as the API gave it, pretty-printed JSON. */
export function resultFile(d: Dsar): { name: string; text: string } {
  return { name: `dsar-${d.type}-${d.id}.json`, text: JSON.stringify(d, null, 2) };
}
