import type { FieldErrors } from '../../api/errors';
import { TextField } from '../../components/form';
import type { CustomFieldDefinition } from './filters';

/**
 * `customFields` by slug from a company or contact form (inputs named `customFields.<slug>`): a number
 * field as a JSON number when it reads as one (else as typed, so that the API's "must be a number" lands
 * next to it), an emptied field null on edit. Undefined when there is nothing to send.
 */
export function customFieldValues(data: FormData, defs: readonly CustomFieldDefinition[], editing: boolean) {
  const customFields: Record<string, unknown> = {};
  for (const d of defs) {
    const v = String(data.get(`customFields.${d.slug}`) ?? '').trim();
    if (v === '') {
      if (editing) customFields[d.slug] = null;
      continue;
    }
    customFields[d.slug] = d.fieldType === 'number' && Number.isFinite(Number(v)) ? Number(v) : v;
  }
  return Object.keys(customFields).length ? customFields : undefined;
}

/** One input per custom field of a company or contact form, with the API's error for it next to it. */
export function CustomFieldInputs({
  defs,
  values,
  errors,
}: {
  defs: readonly CustomFieldDefinition[];
  values: Record<string, unknown> | undefined;
  errors: FieldErrors;
}) {
  return defs.map((d) => (
    <TextField
      key={d.slug}
      name={`customFields.${d.slug}`}
      label={d.label}
      inputMode={d.fieldType === 'number' ? 'decimal' : undefined}
      placeholder={d.fieldType === 'date' ? 'YYYY-MM-DD' : undefined}
      hint={`Custom field cf_${d.slug} (${d.fieldType})`}
      defaultValue={values?.[d.slug] === undefined ? '' : String(values[d.slug])}
      errors={errors.byField[`customFields.${d.slug}`]}
    />
  ));
}
