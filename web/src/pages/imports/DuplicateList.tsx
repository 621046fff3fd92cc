import type { DuplicateRow } from './import-session';

/** The engine's dedupe key (`domain#acme.com`, `inn#7707083893`) in words. */
const matchedKey = (key: string) => {
  const [kind, value] = key.split(/#(.*)/s);
  return `same ${kind === 'inn' ? 'INN' : kind}${value ? ` ${value}` : ''}`;
};

/** Duplicates as rows of the file (line numbers as a spreadsheet shows them) and what they duplicate. */
export function DuplicateList({ duplicates, record = 'company' }: { duplicates: DuplicateRow[]; record?: 'company' | 'contact' }) {
  const shown = duplicates.slice(0, 50);
  return (
    <>
      <h3>Duplicates ({duplicates.length})</h3>
      <ul className="plain duplicate-list">
        {shown.map((d) => (
          <li key={d.index}>
            Row {d.index + 2}: {d.outcome === 'update' ? 'updates' : d.outcome === 'skip' ? 'skipped as a duplicate of' : 'duplicates'}{' '}
            {d.duplicateOfRow !== undefined ? `row ${d.duplicateOfRow + 2} of this file` : `${record} ${d.duplicateOf}`}
            {d.matchedBy ? ` (${matchedKey(d.matchedBy)})` : ''}
          </li>
        ))}
      </ul>
      {duplicates.length > shown.length && <p className="muted">and {duplicates.length - shown.length} more</p>}
    </>
  );
}
