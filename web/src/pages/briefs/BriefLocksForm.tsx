import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { FormErrors, onSubmitValues, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { briefPath, briefsKey, type Brief } from './briefs-api';

/** The locked paths (JSON Pointers under /content or /variables), replaced as a whole; edits of a locked value are refused. */
export function BriefLocksForm({ tenantId, brief, onSaved }: { tenantId: string; brief: Brief; onSaved: (note: string) => void }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { locks: string[]; reason?: string }) => api.put<Brief>(`${briefPath(brief.id)}/locks`, body),
    meta: { action: 'change briefs' },
    onSuccess: (b) => {
      // The page keeps the note: this form is drawn again from the new revision.
      onSaved(`Locks saved as revision ${b.revision}: ${b.locks.length} locked.`);
      queryClient.setQueryData(briefsKey(tenantId, 'one', brief.id), (old: Brief | undefined) => ({ ...old, ...b }));
      void queryClient.invalidateQueries({ queryKey: briefsKey(tenantId) });
    },
  });
  const errors = useFormErrors(save.error, ['locks'], 'change briefs');
  return (
    <form
      onSubmit={onSubmitValues((v) => {
        const locks = String(v.locks ?? '')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        save.mutate({ locks, ...(v.lockReason ? { reason: String(v.lockReason) } : {}) });
      })}
      noValidate
    >
      <FormErrors errors={errors.form} />
      <TextAreaField
        name="locks"
        label="Locked paths"
        rows={4}
        defaultValue={brief.locks.join('\n')}
        errors={errors.byField.locks}
        hint="One JSON Pointer per line, e.g. /content/offer or /variables/discount. A locked value cannot change until it is unlocked here."
      />
      <TextField name="lockReason" label="Reason for the locks change (optional)" maxLength={1000} />
      <div className="actions">
        <SubmitButton pending={save.isPending}>Save locks</SubmitButton>
      </div>
    </form>
  );
}
