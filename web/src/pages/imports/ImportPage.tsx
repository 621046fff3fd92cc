import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SelectField, useFormErrors } from '../../components/form';
import { guessMapping, IMPORT_TARGETS, mappingProblems, parseCsv, type ParsedCsv } from './csv';
import { DuplicateList } from './DuplicateList';
import { rememberImportFile, type DuplicateRow } from './import-session';
import { seedImportJob, type StartedImportJob } from './import-job';

/** The spec's limit of rows per import request. */
const MAX_ROWS = 10_000;
const FIELDS = ['rows', 'mapping', 'options.dedupeBy', 'options.duplicateHandling'];
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

interface Preview {
  created: number;
  updated: number;
  skipped: number;
  errors: { index: number; reason: string }[];
  contactsCreated: number;
  rows: DuplicateRow[];
}
type ImportBody = { rows: Record<string, string>[]; mapping: Record<string, string>; options: { dedupeBy: string; duplicateHandling: string } };

export default function ImportPage() {
  const navigate = useNavigate();
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; csv: ParsedCsv } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [options, setOptions] = useState({ dedupeBy: 'auto', duplicateHandling: 'skip' });
  const [dragging, setDragging] = useState(false);

  const body = (): ImportBody => ({ rows: file!.csv.rows, mapping, options });
  const preview = useMutation({
    mutationFn: (b: ImportBody) => api.post<Preview>('/api/companies/import/preview', b),
    meta: { action: 'preview imports' },
  });
  const start = useMutation({
    // respond-async: the answer is the job at once, whatever the file's size, and the job page shows its progress.
    mutationFn: (b: ImportBody) => api.post<StartedImportJob>('/api/companies/import/combined', b, { headers: { prefer: 'respond-async' } }),
    meta: { action: 'import companies' },
    onSuccess: (started) => {
      const { jobId } = started;
      // The job page shows the bar from the start answer at once, while its first status read is on the way.
      seedImportJob(queryClient, workspace.tenantId, started);
      const duplicates = preview.data?.rows.filter((r) => r.duplicateOf || r.duplicateOfRow !== undefined);
      rememberImportFile(jobId, { fileName: file!.name, file: file!.csv, duplicates });
      void navigate(`/imports/jobs/${encodeURIComponent(jobId)}`);
    },
  });
  // The job page's code is fetched while the person picks a file, not after they press start.
  useEffect(() => void import('./ImportJobPage'), []);
  const previewErrors = useFormErrors(preview.error, FIELDS, 'preview imports');
  const startErrors = useFormErrors(start.error, FIELDS, 'import companies');

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
    setMapping(guessMapping(csv.columns));
  }
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
  const problems = file ? mappingProblems(mapping) : [];

  return (
    <div className="page">
      <h1>Import companies and contacts</h1>
      <p className="lead">Upload a CSV file with a header row. Companies are matched by domain or INN, never by name.</p>
      <section aria-labelledby="file-heading">
        <h2 id="file-heading">1. File</h2>
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
                        {IMPORT_TARGETS.map((t) => (
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
          <div className="form-row">
            <SelectField
              name="dedupeBy"
              label="Find duplicates by"
              options={DEDUPE_BY}
              value={options.dedupeBy}
              onChange={(e) => (preview.reset(), setOptions({ ...options, dedupeBy: e.currentTarget.value }))}
              errors={previewErrors.byField['options.dedupeBy'] ?? startErrors.byField['options.dedupeBy']}
            />
            <SelectField
              name="duplicateHandling"
              label="When a company exists"
              options={DUPLICATE_HANDLING}
              value={options.duplicateHandling}
              onChange={(e) => (preview.reset(), setOptions({ ...options, duplicateHandling: e.currentTarget.value }))}
              errors={previewErrors.byField['options.duplicateHandling'] ?? startErrors.byField['options.duplicateHandling']}
            />
          </div>
          <FormErrors errors={problems} />
          <FormErrors
            errors={[
              ...previewErrors.form,
              ...startErrors.form,
              ...(['rows', 'mapping'] as const).flatMap((f) => [...(previewErrors.byField[f] ?? []), ...(startErrors.byField[f] ?? [])]),
            ]}
          />
          <div className="actions">
            <button type="button" className="secondary" disabled={!!problems.length || preview.isPending} onClick={() => preview.mutate(body())}>
              {preview.isPending ? 'Checking…' : 'Preview'}
            </button>
            <button type="button" disabled={!!problems.length || start.isPending} onClick={() => start.mutate(body())}>
              {start.isPending ? 'Starting…' : `Import ${file.csv.rows.length.toLocaleString()} ${file.csv.rows.length === 1 ? 'row' : 'rows'}`}
            </button>
          </div>
          {preview.data && <PreviewSummary preview={preview.data} />}
        </section>
      )}
    </div>
  );
}

function PreviewSummary({ preview }: { preview: Preview }) {
  const duplicates = preview.rows.filter((r) => r.duplicateOf || r.duplicateOfRow !== undefined);
  return (
    <div aria-live="polite">
      <h3>The import would</h3>
      <ul className="plain">
        <li>
          create {preview.created} companies and {preview.contactsCreated} contacts
        </li>
        <li>
          update {preview.updated} and skip {preview.skipped} duplicates
        </li>
        <li>reject {preview.errors.length} rows</li>
      </ul>
      {duplicates.length > 0 && <DuplicateList duplicates={duplicates} />}
    </div>
  );
}
