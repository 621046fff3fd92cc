import { useId } from 'react';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextAreaField, useFormErrors } from '../../components/form';
import { useSetInterest } from './leads-api';
import { interestOptions } from './leads-values';

const FIELDS = ['interest', 'note'];

/** The dossier's interest form (LeadsController_setInterest): the level, and an optional note for the lead's timeline. */
export function InterestForm({ leadId, current }: { leadId: string; current: string }) {
  const { workspace } = useWorkspace();
  const setInterest = useSetInterest(workspace.tenantId);
  const errors = useFormErrors(setInterest.error, FIELDS, 'change leads');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Interest</h2>
      <form
        onSubmit={(e) => {
          const note = e.currentTarget.elements.namedItem('note') as HTMLTextAreaElement;
          onSubmitValues((v) =>
            setInterest.mutate(
              { leadId, interest: String(v.interest ?? ''), note: v.note ? String(v.note) : undefined },
              { onSuccess: () => (note.value = '') }, // the note is on the timeline now; the level stays as chosen
            ),
          )(e);
        }}
        noValidate
        aria-labelledby={headingId}
      >
        <FormErrors errors={errors.form} />
        <SelectField name="interest" label="Interest level" options={interestOptions} defaultValue={current} errors={errors.byField.interest} />
        <TextAreaField
          name="note"
          label="Note (optional)"
          hint="Recorded on the lead's timeline with the change."
          rows={2}
          maxLength={2000}
          errors={errors.byField.note}
        />
        <SubmitButton pending={setInterest.isPending}>Set interest</SubmitButton>
        {setInterest.isSuccess && (
          <p className="notice notice-success" role="status">
            Interest set to {setInterest.data.interest}.
          </p>
        )}
      </form>
    </section>
  );
}
