import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { hasStatus, isApiError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { inboxKey, textToHtml, type DialogThread, type OutgoingAttachment } from './inbox-api';
import { AttachmentsField, formAttachments, formText, placeAttachmentErrors, useRequestKey } from './send-parts';

interface Draft {
  draft: { subject: string; text: string };
  method: string;
  _billing?: { cost: number; currency: string };
}

interface ReplyBody {
  subject?: string;
  bodyHtml: string;
  text: string;
  attachmentsJson?: OutgoingAttachment[];
  requestKey: string;
}

const FIELDS = ['subject', 'bodyHtml', 'text', 'attachmentsJson'];

/**
 * Reply in the thread: "Generate reply" (DialogsController_generateReply) puts a draft into the form,
 * where it is edited like anything typed; nothing is sent until "Send reply" (DialogsController_reply).
 */
export function ReplyComposer({ dialog }: { dialog: DialogThread }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const id = encodeURIComponent(dialog.id);
  // The form's inputs are uncontrolled: a new draft mounts a fresh form with the draft as its values.
  const [draft, setDraft] = useState<{ n: number; subject: string; text: string; note: string }>({
    n: 0,
    subject: `Re: ${dialog.subject}`.replace(/^Re: (Re: )+/i, 'Re: '),
    text: '',
    note: '',
  });
  const generate = useMutation({
    mutationFn: (instructions: string) => api.post<Draft>(`/api/dialogs/${id}/draft`, instructions ? { instructions } : {}),
    meta: { action: 'draft replies' },
    onSuccess: (d) =>
      setDraft((prev) => ({
        n: prev.n + 1,
        subject: d.draft.subject,
        text: d.draft.text,
        note: `Draft ${d.method === 'ai' ? 'written by the AI provider' : 'from a template'}${d._billing ? `, charged ${d._billing.cost.toFixed(3)} ${d._billing.currency}` : ''}: edit it, then send.`,
      })),
  });
  const requestKey = useRequestKey();
  const reply = useMutation({
    mutationFn: (body: ReplyBody) => api.post<{ messageId: string; replayed: boolean }>(`/api/dialogs/${id}/reply`, body),
    meta: { action: 'send replies' },
    onSuccess: () => {
      requestKey.renew();
      setDraft((prev) => ({ ...prev, n: prev.n + 1, text: '', note: '' }));
      return queryClient.invalidateQueries({ queryKey: inboxKey(t) });
    },
  });
  const genErrors = useFormErrors(hasStatus(generate.error, 402) ? null : generate.error, ['instructions'], 'draft replies');
  const errors = placeAttachmentErrors(useFormErrors(reply.error, FIELDS, 'send replies'));
  const onSend = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const text = formText(form, 'text');
    reply.mutate({
      subject: formText(form, 'subject') || undefined,
      bodyHtml: text ? textToHtml(text) : '',
      text,
      attachmentsJson: await formAttachments(form),
      requestKey: requestKey.current(),
    });
  };
  const missingAddress = isApiError(reply.error) && reply.error.code === 'physical_address_missing';
  return (
    <section aria-labelledby="reply-heading" className="page-section">
      <h2 id="reply-heading">Reply</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          generate.mutate(formText(e.currentTarget, 'instructions'));
        }}
        noValidate
      >
        <FormErrors errors={genErrors.form} />
        <TextAreaField
          name="instructions"
          label="What the reply should do (optional)"
          hint="Drafting with the AI provider is paid from the workspace balance; without one a template is used. Nothing is sent."
          rows={2}
          maxLength={2000}
          errors={genErrors.byField.instructions}
        />
        <SubmitButton pending={generate.isPending}>Generate reply</SubmitButton>
      </form>
      {hasStatus(generate.error, 402) && (
        <p className="error-text" role="alert">
          No draft: the workspace balance does not cover it.
        </p>
      )}
      <form key={draft.n} onSubmit={(e) => void onSend(e)} noValidate aria-label="Reply">
        {draft.note && (
          <p className="notice" role="status">
            {draft.note}
          </p>
        )}
        <FormErrors errors={errors.form} />
        {missingAddress && (
          <p>
            <Link to="/settings">Set the company profile</Link>
          </p>
        )}
        <TextField name="subject" label="Reply subject" defaultValue={draft.subject} maxLength={998} errors={errors.byField.subject} />
        <TextAreaField
          name="text"
          label="Reply text"
          rows={10}
          defaultValue={draft.text}
          errors={[...(errors.byField.bodyHtml ?? []), ...(errors.byField.text ?? [])]}
          hint={`Sent to ${dialog.email} in this thread, with the compliance footer.`}
        />
        <AttachmentsField errors={errors.byField.attachmentsJson} />
        <SubmitButton pending={reply.isPending}>Send reply</SubmitButton>
      </form>
      <div role="status">
        {reply.isSuccess && !reply.isPending && (
          <p className="notice notice-success">{reply.data.replayed ? 'This reply had already been sent.' : 'Reply sent.'}</p>
        )}
      </div>
    </section>
  );
}
