import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { hasStatus } from '../../api/errors';
import { FormErrors, onSubmitValues, SubmitButton, TextAreaField, useFormErrors } from '../../components/form';

interface Draft {
  dialogId: string;
  draft: { subject: string; text: string };
  method: 'template' | 'ai' | string;
  _billing?: { cost: number; currency: string; balance_after: number };
}

const FIELDS = ['instructions'];

/**
 * A reply draft for the conversation a lead came from (`DialogsController_generateReply`). Nothing is
 * sent. Written by the AI provider when one is configured, which is paid (ai_generation): a balance
 * that does not cover it answers 402, and the app-wide banner links to billing; else a free template.
 */
export function ReplyDraft({ dialogId }: { dialogId: string }) {
  const draft = useMutation({
    mutationFn: (body: { instructions?: string }) => api.post<Draft>(`/api/dialogs/${encodeURIComponent(dialogId)}/draft`, body),
    meta: { action: 'draft replies' },
  });
  // A 402 is said by the billing banner (with its link); repeating it here would say it twice.
  const errors = useFormErrors(hasStatus(draft.error, 402) ? null : draft.error, FIELDS, 'draft replies');
  const cost = draft.data?._billing;
  return (
    <section aria-labelledby="reply-draft">
      <h2 id="reply-draft">Reply to the conversation</h2>
      <form
        onSubmit={onSubmitValues((v) => {
          const instructions = String(v.instructions ?? '').trim();
          draft.mutate(instructions ? { instructions } : {});
        })}
        noValidate
      >
        <FormErrors errors={errors.form} />
        <TextAreaField
          name="instructions"
          label="What the reply should do (optional)"
          hint="Drafting with the AI provider is paid from the workspace balance; nothing is sent."
          rows={2}
          maxLength={2000}
          errors={errors.byField.instructions}
        />
        <SubmitButton pending={draft.isPending}>Draft a reply</SubmitButton>
      </form>
      {hasStatus(draft.error, 402) && (
        <p className="error-text" role="alert">
          No draft: the workspace balance does not cover it.
        </p>
      )}
      {draft.data && (
        <div className="notice" role="status">
          <p>
            <strong>{draft.data.draft.subject}</strong> ({draft.data.method === 'ai' ? 'written by the AI provider' : 'from a template'}, not sent)
            {cost ? `, charged ${cost.cost.toFixed(3)} ${cost.currency}` : ''}
          </p>
          <p className="draft-text">{draft.data.draft.text}</p>
        </div>
      )}
    </section>
  );
}
