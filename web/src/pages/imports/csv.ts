/**
 * CSV in the browser: parsing a file into rows, guessing a column mapping, and writing rejected rows
 * back out. RFC 4180 with what spreadsheets actually produce: a UTF-8 BOM, CRLF or LF, quoted fields
 * with commas, line breaks and doubled quotes, and `;` or tab as the delimiter when the header uses it.
 */

export interface ParsedCsv {
  columns: string[];
  rows: Record<string, string>[];
}

/** The delimiter the header line uses most: `,` unless `;` or a tab is clearly it. */
function detectDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (d: string) => header.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** Every record of the text as an array of fields (quotes removed, `""` inside quotes as `"`). */
export function parseRecords(input: string, delimiter?: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const sep = delimiter ?? detectDelimiter(text);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => (record.push(field), (field = ''));
  const endRecord = () => {
    endField();
    // A blank line is no record (a trailing newline, or an empty line between records).
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((field += '"'), (i += 2));
      else if (ch === '"') ((quoted = false), i++);
      else ((field += ch), i++);
    } else if (ch === '"' && field === '') ((quoted = true), i++);
    else if (ch === sep) (endField(), i++);
    else if (ch === '\r' && text[i + 1] === '\n') (endRecord(), (i += 2));
    else if (ch === '\n' || ch === '\r') (endRecord(), i++);
    else ((field += ch), i++);
  }
  if (field !== '' || record.length) endRecord();
  return records;
}

/**
 * The file's rows keyed by its header. Empty or repeated header names get a unique name
 * (`Column 3`, `email (2)`), so no column silently overwrites another.
 */
export function parseCsv(text: string): ParsedCsv {
  const [header = [], ...body] = parseRecords(text);
  const seen = new Map<string, number>();
  const columns = header.map((raw, i) => {
    const base = raw.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const rows = body.map((fields) => Object.fromEntries(columns.map((c, i) => [c, fields[i] ?? ''])));
  return { columns, rows };
}

/** What a file holds: companies with a contact per row (companies import) or contacts alone (contacts import). */
export type ImportKind = 'companies' | 'contacts';

/** The company import's targets of the spec (companies, `c:` contact fields), with words for people. */
export const IMPORT_TARGETS: { value: string; label: string }[] = [
  { value: 'name', label: 'Company name' },
  { value: 'domain', label: 'Domain' },
  { value: 'inn', label: 'INN' },
  { value: 'industry', label: 'Industry' },
  { value: 'size', label: 'Size' },
  { value: 'country', label: 'Country' },
  { value: 'city', label: 'City' },
  { value: 'address', label: 'Address' },
  { value: 'phone', label: 'Company phone' },
  { value: 'website', label: 'Website' },
  { value: 'source', label: 'Source' },
  { value: 'c:email', label: 'Contact email' },
  { value: 'c:firstName', label: 'Contact first name' },
  { value: 'c:lastName', label: 'Contact last name' },
  { value: 'c:phone', label: 'Contact phone' },
  { value: 'c:position', label: 'Contact position' },
  { value: 'c:personalEmail', label: 'Contact personal email' },
  { value: 'c:linkedin', label: 'Contact LinkedIn' },
];

/** The contact import's targets (ContactsController_importStart): no company field, it creates no companies. */
export const CONTACT_IMPORT_TARGETS: { value: string; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'firstName', label: 'First name' },
  { value: 'lastName', label: 'Last name' },
  { value: 'phone', label: 'Phone' },
  { value: 'position', label: 'Position' },
  { value: 'personalEmail', label: 'Personal email' },
  { value: 'linkedin', label: 'LinkedIn' },
];

export const importTargets = (kind: ImportKind) => (kind === 'contacts' ? CONTACT_IMPORT_TARGETS : IMPORT_TARGETS);

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header words that name a target, beyond the target's own name and label. */
const ALIASES: Record<string, string[]> = {
  name: ['company', 'companyname', 'organisation', 'organization'],
  domain: ['companydomain'],
  website: ['url', 'site', 'web'],
  'c:email': ['email', 'emailaddress', 'mail', 'contactemail'],
  'c:firstName': ['firstname', 'first', 'givenname'],
  'c:lastName': ['lastname', 'last', 'surname', 'familyname'],
  'c:position': ['position', 'title', 'jobtitle', 'role'],
  'c:linkedin': ['linkedin', 'linkedinurl'],
  'c:personalEmail': ['personalemail'],
};
/** A contact target answers to the same header words as its `c:` twin of the company import. */
const aliasesOf = (target: string, kind: ImportKind) => ALIASES[kind === 'contacts' ? `c:${target}` : target] ?? [];

/** A first mapping {column: target} from the header names; each target is used once, unknown columns are left out. */
export function guessMapping(columns: string[], kind: ImportKind = 'companies'): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const column of columns) {
    const key = normalise(column);
    const target = importTargets(kind).find(
      (t) => !used.has(t.value) && (normalise(t.value) === key || normalise(t.label) === key || aliasesOf(t.value, kind).includes(key)),
    );
    if (target) ((mapping[column] = target.value), used.add(target.value));
  }
  return mapping;
}

/**
 * What the mapping lacks before an import can start. Companies: `name` is required (the spec). Contacts:
 * at least one contact column (the API's rule); no company is needed, and none is made up.
 */
export function mappingProblems(mapping: Record<string, string>, kind: ImportKind = 'companies'): string[] {
  const targets = Object.values(mapping);
  const problems: string[] = [];
  if (kind === 'companies' && !targets.includes('name')) problems.push('Map a column to Company name: every company needs one.');
  if (kind === 'contacts' && !targets.length) problems.push('Map at least one column to a contact field (Email, First name, …).');
  const twice = [...new Set(targets.filter((t, i) => targets.indexOf(t) !== i))];
  for (const t of twice) problems.push(`${importTargets(kind).find((x) => x.value === t)?.label ?? t} is mapped from more than one column.`);
  return problems;
}

/** The file's columns a companies import would read as company fields: a contacts import leaves them behind. */
export const companyColumnsOf = (columns: string[]) =>
  Object.entries(guessMapping(columns, 'companies'))
    .filter(([, target]) => !target.startsWith('c:'))
    .map(([column]) => column);

/** A contact import's mapping without an Email column makes contacts no mailing task can reach: said before upload. */
export const contactMappingWarning = (mapping: Record<string, string>) =>
  Object.values(mapping).includes('email') ? null : 'No column is imported as Email: these contacts cannot be mailed until they get an address.';

/** The list a contact import fills: none, a list that exists (its id), or a new one by name. */
export type ContactListChoice = { kind: 'none' } | { kind: 'existing'; listId: string } | { kind: 'new'; name: string };

/** The contact import's list options (`options.listId` / `options.newListName`), or what is missing. */
export function contactListOptions(choice: ContactListChoice): { options: { listId?: string; newListName?: string } } | { problem: string } {
  if (choice.kind === 'existing') return { options: { listId: choice.listId } };
  if (choice.kind === 'new') {
    const name = choice.name.trim();
    return name ? { options: { newListName: name } } : { problem: 'Name the new contact list.' };
  }
  return { options: {} };
}

const csvField = (value: string) => (/[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Rejected rows as CSV: the file's row number, the reason, then the row's own columns when the file is at hand. */
export function rejectedRowsCsv(errors: { index: number; reason: string }[], file?: ParsedCsv): string {
  const columns = file?.columns ?? [];
  const lines = [['row', 'reason', ...columns].map(csvField).join(',')];
  for (const e of errors) {
    const row = file?.rows[e.index];
    // Row numbers as a spreadsheet shows them: the header is line 1, the first data row line 2.
    lines.push([String(e.index + 2), e.reason, ...columns.map((c) => row?.[c] ?? '')].map(csvField).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
