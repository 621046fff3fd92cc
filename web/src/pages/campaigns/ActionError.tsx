import { isApiError } from '../../api/errors';
import { useFormErrors } from '../../components/form';
import { campaignErrorInWords } from './campaign-words';

/** A failed campaign action in words, announced (a 409 says its code in words, a 403 what the role cannot do). */
export function ActionError({ error, action }: { error: unknown; action: string }) {
  if (!error) return null;
  return (
    <p className="error-text" role="alert">
      {campaignErrorInWords(error, action)}
    </p>
  );
}

/** useFormErrors with the campaign 409 codes in words: 400 messages by field, anything else one sentence above the form. */
export function useCampaignFormErrors(error: unknown, fields: readonly string[], action: string) {
  const errors = useFormErrors(error, fields, action);
  return isApiError(error) && error.status === 400 ? errors : { byField: errors.byField, form: error ? [campaignErrorInWords(error, action)] : [] };
}
