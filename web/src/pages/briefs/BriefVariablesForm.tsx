import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { FormErrors, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { lockOf, mergePatch, variableValue, type JsonObject } from './brief-form';
import { briefPath, briefsKey, type Brief } from './briefs-api';

type Row = { key: number; name: string; value: string };

/** The brief's variables as name/value rows; saved as a merge patch (a removed row is null). */
export function BriefVariablesForm({ tenantId, brief, onSaved }: { tenantId: string; brief: Brief; onSaved: (note: string) => void }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => Object.entries(brief.variables).map(([name, value], key) => ({ key, name, value: String(value) })));
  const [nextKey, setNextKey] = useState(rows.length);
  const [reason, setReason] = useState('');
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation({
    mutationFn: (body: { patch: object; reason?: string }) => api.patch<Brief>(`${briefPath(brief.id)}/variables`, body),
    meta: { action: 'change briefs' },
    onSuccess: (b) => {
      // The page keeps the note: this form is drawn again from the new revision.
      onSaved(`Variables saved as revision ${b.revision}.`);
      queryClient.setQueryData(briefsKey(tenantId, 'one', brief.id), (old: Brief | undefined) => ({ ...old, ...b }));
      void queryClient.invalidateQueries({ queryKey: briefsKey(tenantId) });
    },
  });
  const errors = useFormErrors(save.error, [], 'change briefs');
  const set = (key: number, part: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...part } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const after: JsonObject = {};
    for (const r of rows) if (r.name.trim()) after[r.name.trim()] = variableValue(r.value, brief.variables[r.name.trim()]);
    const patch = mergePatch(brief.variables, after);
    setUnchanged(Object.keys(patch).length === 0);
    if (Object.keys(patch).length) save.mutate({ patch, ...(reason.trim() ? { reason: reason.trim() } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormErrors errors={errors.form} />
      {rows.length === 0 && <p>No variables yet.</p>}
      {rows.map((r, i) => {
        const lock = lockOf(['variables', r.name], brief.locks);
        return (
          <div key={r.key} className="form-row row">
            <TextField
              name={`variable-${r.key}-name`}
              label={`Variable ${i + 1} name`}
              value={r.name}
              readOnly={!!lock}
              onChange={(e) => set(r.key, { name: e.target.value })}
            />
            <TextField
              name={`variable-${r.key}-value`}
              label={`Variable ${i + 1} value`}
              value={r.value}
              readOnly={!!lock}
              hint={lock ? `Locked by ${lock}.` : undefined}
              onChange={(e) => set(r.key, { value: e.target.value })}
            />
            {!lock && (
              <button type="button" className="secondary" onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
                Remove variable {i + 1}
              </button>
            )}
          </div>
        );
      })}
      <div className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setRows((rs) => [...rs, { key: nextKey, name: '', value: '' }]);
            setNextKey((k) => k + 1);
          }}
        >
          Add a variable
        </button>
      </div>
      <TextField
        name="variables-reason"
        label="Reason for the variables change (optional)"
        value={reason}
        maxLength={1000}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="actions">
        <SubmitButton pending={save.isPending}>Save variables</SubmitButton>
        <span role="status">{unchanged ? 'Nothing changed.' : ''}</span>
      </div>
    </form>
  );
}
