import { useId, useState, type FormEvent } from 'react';
import { emptyRow, kindOfField, OPERATOR_LABELS, OPERATORS, type FilterField, type FilterRow } from './filters';

/**
 * Rows of {field, operator, value}, ANDed. Edits stay local until "Apply filters" (one request per
 * decision, not per keystroke). `error` is the API's 400 message for the applied rules, shown as is.
 */
export function FilterBuilder({
  fields,
  initial,
  onApply,
  error,
  applyLabel = 'Apply filters',
}: {
  fields: readonly FilterField[];
  initial: readonly FilterRow[];
  onApply: (rows: FilterRow[]) => void;
  error?: string[];
  applyLabel?: string;
}) {
  const [rows, setRows] = useState<FilterRow[]>(() => [...initial]);
  const id = useId();
  const errorId = error?.length ? `${id}-error` : undefined;
  const update = (i: number, patch: Partial<FilterRow>) =>
    setRows((rs) =>
      rs.map((r, j) => {
        if (j !== i) return r;
        const next = { ...r, ...patch };
        // A new field keeps the operator only when that field supports it.
        if (patch.field && !OPERATORS[kindOfField(fields, patch.field)].includes(next.operator)) next.operator = OPERATORS[kindOfField(fields, patch.field)][0];
        return next;
      }),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(rows);
  };
  return (
    <form className="filter-builder" onSubmit={submit} aria-describedby={errorId} noValidate>
      <fieldset>
        <legend>Filters (all must match)</legend>
        {rows.length === 0 && <p className="muted">No filters: every record is listed.</p>}
        {rows.map((row, i) => {
          const kind = kindOfField(fields, row.field);
          const known = fields.some((f) => f.field === row.field);
          return (
            <div className="filter-row" key={i}>
              <label className="visually-hidden" htmlFor={`${id}-field-${i}`}>
                Field of filter {i + 1}
              </label>
              <select id={`${id}-field-${i}`} value={row.field} onChange={(e) => update(i, { field: e.target.value })}>
                {!known && <option value={row.field}>{row.field}</option>}
                {fields.map((f) => (
                  <option key={f.field} value={f.field}>
                    {f.label}
                  </option>
                ))}
              </select>
              <label className="visually-hidden" htmlFor={`${id}-op-${i}`}>
                Operator of filter {i + 1}
              </label>
              <select id={`${id}-op-${i}`} value={row.operator} onChange={(e) => update(i, { operator: e.target.value })}>
                {!OPERATORS[kind].includes(row.operator) && <option value={row.operator}>{row.operator}</option>}
                {OPERATORS[kind].map((op) => (
                  <option key={op} value={op}>
                    {OPERATOR_LABELS[op] ?? op}
                  </option>
                ))}
              </select>
              {row.operator === 'isEmpty' ? (
                <>
                  <label className="visually-hidden" htmlFor={`${id}-value-${i}`}>
                    Value of filter {i + 1}
                  </label>
                  <select id={`${id}-value-${i}`} value={row.value === 'false' ? 'false' : 'true'} onChange={(e) => update(i, { value: e.target.value })}>
                    <option value="true">yes</option>
                    <option value="false">no</option>
                  </select>
                </>
              ) : (
                <>
                  <label className="visually-hidden" htmlFor={`${id}-value-${i}`}>
                    Value of filter {i + 1}
                  </label>
                  <input
                    id={`${id}-value-${i}`}
                    value={row.value}
                    inputMode={kind === 'number' ? 'decimal' : undefined}
                    placeholder={kind === 'date' ? 'YYYY-MM-DD' : kind === 'number' ? 'number' : 'text'}
                    onChange={(e) => update(i, { value: e.target.value })}
                  />
                </>
              )}
              <button type="button" className="secondary" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                Remove<span className="visually-hidden"> filter {i + 1}</span>
              </button>
            </div>
          );
        })}
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setRows((rs) => [...rs, emptyRow(fields)])}>
            Add filter
          </button>
          <button type="submit">{applyLabel}</button>
        </div>
        {errorId && (
          <p id={errorId} className="field-error" role="alert">
            {error!.join(' ')}
          </p>
        )}
      </fieldset>
    </form>
  );
}
