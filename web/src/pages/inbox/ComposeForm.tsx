import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { inboxKey, mailboxesQuery, textToHtml, type OutgoingAttachment } from './inbox-api';
import { AttachmentsField, formAttachments, formText, placeAttachmentErrors, useRequestKey } from './send-parts';

const FIELDS = ['accountId', 'recipient', 'content.subject', 'content.bodyHtml', 'content', 'attachmentsJson'];

interface ComposeBody {
  accountId: string;
  recipient: string;
  content: { subject: string; bodyHtml: string; text: string };
  attachmentsJson?: OutgoingAttachment[];
  requestKey: string;
}

/** A new outbound thread (dialogs_compose), sent at once from a chosen mailbox; it opens as a dialog. */
export function ComposeForm() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mailboxes = useQuery(mailboxesQuery(t));
  const requestKey = useRequestKey();
  const compose = useMutation({
    mutationFn: (body: ComposeBody) => api.post<{ dialogId: string }>('/api/dialogs/compose', body),
    meta: { action: 'send emails' },
    onSuccess: async (r) => {
      requestKey.renew();
      await queryClient.invalidateQueries({ queryKey: inboxKey(t) });
      void navigate(`/inbox/${encodeURIComponent(r.dialogId)}`);
    },
  });
  const errors = placeAttachmentErrors(useFormErrors(compose.error, FIELDS, 'send emails'));
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const text = formText(form, 'body');
    compose.mutate({
      accountId: formText(form, 'accountId'),
      recipient: formText(form, 'recipient'),
      // An empty body reaches the API as '' so that its 400 names the field, not a guess of ours.
      content: { subject: formText(form, 'subject'), bodyHtml: text ? textToHtml(text) : '', text },
      attachmentsJson: await formAttachments(form),
      requestKey: requestKey.current(),
    });
  };
  const boxes = mailboxes.data?.data ?? [];
  return (
    <details className="page-section compose">
      <summary>Write a new email</summary>
      {mailboxes.isSuccess && boxes.length === 0 ? (
        <p>
          Connect a mailbox first: <Link to="/senders/connect">connect a mailbox</Link>.
        </p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormErrors errors={errors.form} />
          <SelectField
            name="accountId"
            label="From mailbox"
            options={boxes.map((m) => ({ value: m.id, label: `${m.name} <${m.email}>` }))}
            errors={errors.byField.accountId}
          />
          <TextField name="recipient" label="To (email address or contact id)" maxLength={254} errors={errors.byField.recipient} />
          <TextField
            name="subject"
            label="Subject"
            maxLength={998}
            errors={[...(errors.byField['content.subject'] ?? []), ...(errors.byField.content ?? [])]}
          />
          <TextAreaField
            name="body"
            label="Message"
            rows={8}
            errors={errors.byField['content.bodyHtml']}
            hint="Sent as plain text with the compliance footer."
          />
          <AttachmentsField errors={errors.byField.attachmentsJson} />
          <SubmitButton pending={compose.isPending}>Send email</SubmitButton>
        </form>
      )}
    </details>
  );
}
