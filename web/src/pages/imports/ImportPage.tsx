import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SelectField, TextField, useFormErrors } from '../../components/form';
import {
  companyColumnsOf,
  contactListOptions,
  contactMappingWarning,
  guessMapping,
  importTargets,
  mappingProblems,
  parseCsv,
  type ContactListChoice,
  type ImportKind,
  type ParsedCsv,
} from './csv';
import { DuplicateList } from './DuplicateList';
import { rememberImportFile, type DuplicateRow } from './import-session';
import { importJobPagePath, seedImportJob, type StartedImportJob } from './import-job';

/** The spec's limit of rows per import request. */
const MAX_ROWS = 10_000;
const FIELDS = ['rows', 'mapping', 'options.dedupeBy', 'options.duplicateHandling', 'options.listId', 'options.newListName'];
const KINDS = [
  { value: 'companies', label: 'Companies (and their contacts)' },
  { value: 'contacts', label: 'Contacts' },
];
const DEDUPE_BY = [
  { value: 'auto', label: 'Automatic: INN, then domain' },
  { value: 'domain', label: 'Domain' },
  { value: 'inn', label: 'INN' },
];
const DUPLICATE_HANDLING = [
  { value: 'skip', label: 'Skip the duplicate row' },
  { value: 'update', label: 'Update the existing company' },
  { value: 'create', label: 'Create another company' },
];
const CONTACT_DUPLICATE_HANDLING = [
  { value: 'skip', label: 'Skip the duplicate row' },
  { value: 'update', label: 'Update the existing contact' },
  { value: 'create', label: 'Create another contact' },
];
/** The import operations of each kind: the contacts import fills a contact list, the companies import makes companies. */
const ENDPOINTS: Record<ImportKind, { preview: string; start: string }> = {
  companies: { preview: '/api/companies/import/preview', start: '/api/companies/import/combined' },
  contacts: { preview: '/api/contacts/import/preview', start: '/api/contacts/import/start' },
};
const NEW_LIST = '+new';

interface Preview {
  created: number;
  updated: number;
  skipped: number;
  errors: { index: number; reason: string }[];
  contactsCreated: number;
  rows: (DuplicateRow & { sameContactAsRow?: number })[];
}
type ImportBody = { rows: Record<string, string>[]; mapping: Record<string, string>; options: Record<string, string> };

/** The preview's duplicates; a contact preview names an earlier row of the file `sameContactAsRow`. */
const duplicatesOf = (preview?: Preview): DuplicateRow[] | undefined =>
  preview?.rows
    .map((r) => (r.sameContactAsRow !== undefined ? { ...r, duplicateOfRow: r.sameContactAsRow } : r))
    .filter((r) => r.duplicateOf || r.duplicateOfRow !== undefined);

export default function ImportPage() {
  const navigate = useNavigate();
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; csv: ParsedCsv } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [kind, setKind] = useState<ImportKind>('companies');
  const [options, setOptions] = useState({ dedupeBy: 'auto', duplicateHandling: 'skip' });
  const [listChoice, setListChoice] = useState<ContactListChoice>({ kind: 'none' });
  const [dragging, setDragging] = useState(false);
  const contactLists = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'crm', 'contact-lists', { pageSize: 100 }),
    queryFn: ({ signal }) => api.get<{ data: { id: string; name: string }[] }>('/api/contact-lists', { signal, query: { pageSize: 100 } }),
    enabled: kind === 'contacts',
    meta: { action: 'see contact lists' },
  });
  const listOptions = contactListOptions(listChoice);

  const body = (): ImportBody => ({
    rows: file!.csv.rows,
    mapping,
    options: kind === 'contacts' && 'options' in listOptions ? { duplicateHandling: options.duplicateHandling, ...listOptions.options } : options,
  });
  const action = kind === 'contacts' ? 'import contacts' : 'import companies';
  const preview = useMutation({
    mutationFn: (b: ImportBody) => api.post<Preview>(ENDPOINTS[kind].preview, b),
    meta: { action: 'preview imports' },
  });
  const start = useMutation({
    // respond-async: the answer is the job at once, whatever the file's size, and the job page shows its progress.
    mutationFn: (b: ImportBody) => api.post<StartedImportJob>(ENDPOINTS[kind].start, b, { headers: { prefer: 'respond-async' } }),
    meta: { action },
    onSuccess: (started) => {
      const { jobId } = started;
      // The job page shows the bar from the start answer at once, while its first status read is on the way.
      seedImportJob(queryClient, workspace.tenantId, started);
      rememberImportFile(jobId, { fileName: file!.name, file: file!.csv, duplicates: duplicatesOf(preview.data) });
      void navigate(importJobPagePath(kind, jobId));
    },
  });
  // The job page's code is fetched while the person picks a file, not after they press start.
  useEffect(() => void import('./ImportJobPage'), []);
  const previewErrors = useFormErrors(preview.error, FIELDS, 'preview imports');
  const startErrors = useFormErrors(start.error, FIELDS, action);
  const fieldErrors = (field: string) => previewErrors.byField[field] ?? startErrors.byField[field];

  async function load(picked: File | undefined) {
    if (!picked) return;
    setReadError(null);
    preview.reset();
    start.reset();
    const csv = parseCsv(await picked.text());
    if (!csv.rows.length) return (setFile(null), setReadError(`${picked.name} has no rows below its header.`));
    if (csv.rows.length > MAX_ROWS)
      return (setFile(null), setReadError(`${picked.name} has ${csv.rows.length} rows; an import takes at most ${MAX_ROWS}. Split the file.`));
    setFile({ name: picked.name, csv });
    setMapping(guessMapping(csv.columns, kind));
  }
  const chooseKind = (next: ImportKind) => {
    preview.reset();
    start.reset();
    setKind(next);
    if (file) setMapping(guessMapping(file.csv.columns, next));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void load(e.dataTransfer.files[0]);
  };
  const setTarget = (column: string, target: string) => {
    preview.reset();
    setMapping((m) => {
      const next = { ...m };
      if (target) next[column] = target;
      else delete next[column];
      return next;
    });
  };
  const problems = file ? mappingProblems(mapping, kind) : [];
  const listProblem = kind === 'contacts' && 'problem' in listOptions ? listOptions.problem : null;
  const blocked = !!problems.length || !!listProblem;
  // A contact import makes no companies: a company column of the file is said to stay behind, never guessed into a contact.
  const companyColumns = file && kind === 'contacts' ? companyColumnsOf(file.csv.columns) : [];
  const emailWarning = file && kind === 'contacts' && !problems.length ? contactMappingWarning(mapping) : null;

  return (
    <div className="page">
      <h1>{kind === 'contacts' ? 'Import contacts' : 'Import companies and contacts'}</h1>
      <p className="lead">
        {kind === 'contacts'
          ? 'Upload a CSV file with a header row. Contacts are matched by email; they can go straight into a contact list for a mailing task.'
          : 'Upload a CSV file with a header row. Companies are matched by domain or INN, never by name.'}
      </p>
      <section aria-labelledby="file-heading">
        <h2 id="file-heading">1. File</h2>
        <SelectField
          name="kind"
          label="The file holds"
          options={KINDS}
          value={kind}
          onChange={(e) => chooseKind(e.currentTarget.value as ImportKind)}
          hint={kind === 'contacts' ? 'People only: no companies are created.' : 'One company per row, with one contact each when the row has one.'}
        />
        <div
          className={dragging ? 'drop-zone dragging' : 'drop-zone'}
          onDragOver={(e) => (e.preventDefault(), setDragging(true))}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label htmlFor="csv-file">CSV file</label>
          <input id="csv-file" type="file" accept=".csv,text/csv" onChange={(e) => void load(e.currentTarget.files?.[0])} />
          <p className="field-hint">or drop the file here</p>
        </div>
        {readError && (
          <p className="error-text" role="alert">
            {readError}
          </p>
        )}
        {file && (
          <p role="status">
            {file.name}: {file.csv.rows.length.toLocaleString()} {file.csv.rows.length === 1 ? 'row' : 'rows'}, {file.csv.columns.length} columns
          </p>
        )}
      </section>

      {file && (
        <section aria-labelledby="mapping-heading">
          <h2 id="mapping-heading">2. Columns and duplicates</h2>
          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">Import each column as</caption>
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">First values</th>
                  <th scope="col">Import as</th>
                </tr>
              </thead>
              <tbody>
                {file.csv.columns.map((column) => (
                  <tr key={column}>
                    <th scope="row">{column}</th>
                    <td className="muted">
                      {file.csv.rows
                        .slice(0, 3)
                        .map((r) => r[column])
                        .filter(Boolean)
                        .join(', ')}
                    </td>
                    <td>
                      <select aria-label={`Import ${column} as`} value={mapping[column] ?? ''} onChange={(e) => setTarget(column, e.currentTarget.value)}>
                        <option value="">Do not import</option>
                        {importTargets(kind).map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {companyColumns.length > 0 && (
            <p className="field-hint">
              Not imported: {companyColumns.join(', ')}. A contact import makes no companies; to create companies with their contacts, choose “Companies (and
              their contacts)” above.
            </p>
          )}
          {emailWarning && <p className="field-hint">{emailWarning}</p>}
          <div className="form-row">
            {kind === 'companies' && (
              <SelectField
                name="dedupeBy"
                label="Find duplicates by"
                options={DEDUPE_BY}
                value={options.dedupeBy}
                onChange={(e) => (preview.reset(), setOptions({ ...options, dedupeBy: e.currentTarget.value }))}
                errors={fieldErrors('options.dedupeBy')}
              />
            )}
            <SelectField
              name="duplicateHandling"
              label={kind === 'contacts' ? 'When a contact with that email exists' : 'When a company exists'}
              options={kind === 'contacts' ? CONTACT_DUPLICATE_HANDLING : DUPLICATE_HANDLING}
              value={options.duplicateHandling}
              onChange={(e) => (preview.reset(), setOptions({ ...options, duplicateHandling: e.currentTarget.value }))}
              errors={fieldErrors('options.duplicateHandling')}
            />
          </div>
          {kind === 'contacts' && (
            <div className="form-row">
              <SelectField
                name="contactList"
                label="Put the contacts into"
                options={[
                  { value: '', label: 'No contact list' },
                  { value: NEW_LIST, label: 'A new contact list' },
                  ...(contactLists.data?.data ?? []).map((l) => ({ value: l.id, label: l.name })),
                ]}
                value={listChoice.kind === 'existing' ? listChoice.listId : listChoice.kind === 'new' ? NEW_LIST : ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  start.reset();
                  setListChoice(v === NEW_LIST ? { kind: 'new', name: '' } : v ? { kind: 'existing', listId: v } : { kind: 'none' });
                }}
                errors={fieldErrors('options.listId')}
                hint="Rows skipped as duplicates stay out of the list; choose “Update the existing contact” to add them too."
              />
              {listChoice.kind === 'new' && (
                <TextField
                  name="newListName"
                  label="New list name"
                  maxLength={200}
                  value={listChoice.name}
                  onChange={(e) => (start.reset(), setListChoice({ kind: 'new', name: e.currentTarget.value }))}
                  errors={fieldErrors('options.newListName') ?? (listProblem ? [listProblem] : undefined)}
                />
              )}
            </div>
          )}
          <FormErrors errors={problems} />
          <FormErrors
            errors={[
              ...previewErrors.form,
              ...startErrors.form,
              ...(['rows', 'mapping'] as const).flatMap((f) => [...(previewErrors.byField[f] ?? []), ...(startErrors.byField[f] ?? [])]),
            ]}
          />
          <div className="actions">
            <button type="button" className="secondary" disabled={blocked || preview.isPending} onClick={() => preview.mutate(body())}>
              {preview.isPending ? 'Checking…' : 'Preview'}
            </button>
            <button type="button" disabled={blocked || start.isPending} onClick={() => start.mutate(body())}>
              {start.isPending ? 'Starting…' : `Import ${file.csv.rows.length.toLocaleString()} ${file.csv.rows.length === 1 ? 'row' : 'rows'}`}
            </button>
          </div>
          {preview.data && <PreviewSummary kind={kind} preview={preview.data} />}
        </section>
      )}
    </div>
  );
}

function PreviewSummary({ kind, preview }: { kind: ImportKind; preview: Preview }) {
  const duplicates = duplicatesOf(preview) ?? [];
  return (
    <div aria-live="polite">
      <h3>The import would</h3>
      <ul className="plain">
        <li>{kind === 'contacts' ? `create ${preview.created} contacts` : `create ${preview.created} companies and ${preview.contactsCreated} contacts`}</li>
        <li>
          update {preview.updated} and skip {preview.skipped} duplicates
        </li>
        <li>reject {preview.errors.length} rows</li>
      </ul>
      {duplicates.length > 0 && <DuplicateList duplicates={duplicates} record={kind === 'contacts' ? 'contact' : 'company'} />}
    </div>
  );
}
