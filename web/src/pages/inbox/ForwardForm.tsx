import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { inboxKey, textToHtml, when, type DialogThread, type OutgoingAttachment } from './inbox-api';
import { AttachmentsField, formAttachments, formText, placeAttachmentErrors, useRequestKey } from './send-parts';

interface ForwardAnswer {
  replayed: boolean;
  forwarded: { reattached: number; notAttached: { filename: string; reason: string }[] };
}

const FIELDS = ['recipient', 'messageId', 'bodyHtml', 'text', 'attachmentsJson'];
const NOT_ATTACHED_WORDS: Record<string, string> = {
  not_stored: 'it was not stored',
  missing: 'it is missing from the file store',
  checksum_mismatch: 'its stored copy does not match',
  unsafe_filename: 'its name is unsafe',
};

/** Forward one message of the thread (dialogs_forward) with its stored attachments, a note and more files. */
export function ForwardForm({ dialog }: { dialog: DialogThread }) {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  const forward = useMutation({
    mutationFn: (body: {
      recipient: string;
      messageId: string;
      bodyHtml?: string;
      text?: string;
      attachmentsJson?: OutgoingAttachment[];
      requestKey: string;
    }) => api.post<ForwardAnswer>(`/api/dialogs/${encodeURIComponent(dialog.id)}/forward`, body),
    meta: { action: 'forward emails' },
    onSuccess: () => {
      requestKey.renew();
      return queryClient.invalidateQueries({ queryKey: inboxKey(workspace.tenantId) });
    },
  });
  const errors = placeAttachmentErrors(useFormErrors(forward.error, FIELDS, 'forward emails'));
  const messages = dialog.messages.filter((m) => m.kind !== 'forward');
  const latestInbound = [...messages].reverse().find((m) => m.direction === 'in') ?? messages.at(-1);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const note = formText(form, 'note');
    forward.mutate({
      recipient: formText(form, 'recipient'),
      messageId: formText(form, 'messageId'),
      ...(note ? { bodyHtml: textToHtml(note), text: note } : {}),
      attachmentsJson: await formAttachments(form),
      requestKey: requestKey.current(),
    });
  };
  if (!messages.length) return null;
  return (
    <details className="page-section">
      <summary>Forward a message</summary>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormErrors errors={errors.form} />
        <SelectField
          name="messageId"
          label="Message"
          defaultValue={latestInbound?.messageId}
          options={messages.map((m) => ({
            value: m.messageId,
            label: `${m.direction === 'in' ? 'From' : 'To'} ${m.direction === 'in' ? m.from : m.to}, ${when(m.at)}`,
          }))}
          errors={errors.byField.messageId}
        />
        <TextField name="recipient" label="Forward to (email address or contact id)" maxLength={254} errors={errors.byField.recipient} />
        <TextAreaField
          name="note"
          label="Note above the message (optional)"
          rows={3}
          errors={[...(errors.byField.bodyHtml ?? []), ...(errors.byField.text ?? [])]}
        />
        <AttachmentsField errors={errors.byField.attachmentsJson} />
        <SubmitButton pending={forward.isPending}>Forward</SubmitButton>
      </form>
      <div role="status">
        {forward.data && (
          <p className="notice notice-success">
            {forward.data.replayed ? 'This had already been forwarded.' : 'Forwarded'}
            {forward.data.forwarded.reattached ? ` with ${forward.data.forwarded.reattached} of its attachments` : ''}.
            {forward.data.forwarded.notAttached.map((a) => ` ${a.filename} was not attached: ${NOT_ATTACHED_WORDS[a.reason] ?? a.reason}.`).join('')}
          </p>
        )}
      </div>
    </details>
  );
}
