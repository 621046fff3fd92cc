import { useRef } from 'react';
import type { FieldErrors } from '../../api/errors';
import { TextField } from '../../components/form';
import { filesToAttachments, type OutgoingAttachment } from './inbox-api';

/**
 * Parts the reply, forward and compose forms share: the attachments input, its 400s placed next to it,
 * and the requestKey that keeps two deliberate identical sends distinct while a retry of one stays one.
 */

export function AttachmentsField({ errors }: { errors?: string[] }) {
  return (
    <TextField
      name="attachments"
      type="file"
      multiple
      label="Attachments (optional)"
      hint="Up to 10 files, 4 MB in total: PDF, office documents, images, text, zip."
      errors={errors}
    />
  );
}

/** The files chosen in the form's attachments input, as attachmentsJson. */
export const formAttachments = (form: HTMLFormElement): Promise<OutgoingAttachment[] | undefined> =>
  filesToAttachments((form.elements.namedItem('attachments') as HTMLInputElement | null)?.files);

/** A text input's trimmed value ('' when empty or absent). */
export const formText = (form: HTMLFormElement, name: string) => {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? el.value.trim() : '';
};

/** The API names a refused file as `attachmentsJson[i] (name) …`: that message belongs next to the attachments input. */
export function placeAttachmentErrors(errors: FieldErrors): FieldErrors {
  const mine = errors.form.filter((m) => m.startsWith('attachmentsJson'));
  if (!mine.length) return errors;
  return {
    byField: { ...errors.byField, attachmentsJson: [...(errors.byField.attachmentsJson ?? []), ...mine] },
    form: errors.form.filter((m) => !m.startsWith('attachmentsJson')),
  };
}

/**
 * A requestKey per intended send: kept while the send fails (a retry is the same send, answered once),
 * renewed after it succeeded (the next identical text is a new email, not a replay).
 */
export function useRequestKey() {
  const key = useRef(crypto.randomUUID());
  return { current: () => key.current, renew: () => (key.current = crypto.randomUUID()) };
}
