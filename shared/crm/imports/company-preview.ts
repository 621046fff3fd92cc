/** The preview of a company import: counts and each row's would-be outcome, nothing written. */
import { sortErrors, type ImportPlan, type Outcome, type Slot } from './company-plan.js';
import type { ImportSetup, parseRows } from './company-rows.js';
/** What a preview answers: the mapping, the counts and each row's would-be outcome; nothing written. */
export function previewResult(
  { mapping }: ImportSetup,
  { rows, errors }: ReturnType<typeof parseRows>,
  { outcomes, slots }: ImportPlan,
  contactsCreated: number,
) {
  const count = (o: string) => outcomes.filter((x) => x.outcome === o).length;
  return {
    preview: true,
    mapping: {
      company: mapping.company.map(([column, field]) => ({ column, target: field })),
      contact: mapping.contact.map(([column, field]) => ({ column, target: `c:${field}` })),
      customFields: mapping.cf.map(([column, slug]) => ({ column, target: `cf:${slug}` })),
      ignored: mapping.ignored,
    },
    created: count('create'),
    updated: count('update'),
    skipped: count('skip'),
    errors: sortErrors(errors),
    contactsCreated,
    cfValuesSet: rows.filter((r) => outcomes.find((o) => o.index === r.index)?.outcome !== 'skip').reduce((n, r) => n + Object.keys(r.cf).length, 0),
    // Ids are not allocated by a preview: a create names the row whose company it would merge with.
    createdIds: [],
    rows: outcomes.sort((a, b) => a.index - b.index).map((o) => previewOutcome(o, slots)),
  };
}

/** A row's would-be outcome: the company and duplicate it names, as the earlier row of this request when one holds it. */
interface PreviewRow extends Omit<Outcome, 'companyId' | 'duplicateOf'> {
  companyId?: string;
  sameCompanyAsRow?: number;
  duplicateOf?: string;
  duplicateOfRow?: number;
}

function previewOutcome(o: Outcome, slots: Slot[]): PreviewRow {
  const row = (id?: string) => slots.find((s) => s.id === id)?.rows[0];
  const { companyId, duplicateOf, ...rest } = o;
  const out: PreviewRow = { ...rest };
  if (row(companyId) !== undefined) {
    if (row(companyId) !== o.index) out.sameCompanyAsRow = row(companyId);
  } else if (companyId) out.companyId = companyId;
  if (row(duplicateOf) !== undefined) out.duplicateOfRow = row(duplicateOf);
  else if (duplicateOf) out.duplicateOf = duplicateOf;
  return out;
}
