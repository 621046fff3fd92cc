import type { FormEvent } from 'react';
import { FormErrors, SubmitButton, TextField, useFormErrors } from '../../components/form';
import type { Company } from './crm-api';
import { customFieldValues, CustomFieldInputs } from './custom-field-inputs';
import type { CustomFieldDefinition } from './filters';

/** The company's text fields and their labels, in form order (the company page shows them all but the name). */
export const TEXT_FIELDS = [
  ['name', 'Name'],
  ['domain', 'Domain'],
  ['industry', 'Industry'],
  ['city', 'City'],
  ['country', 'Country'],
  ['size', 'Size'],
  ['phone', 'Phone'],
  ['website', 'Website'],
  ['inn', 'INN'],
  ['address', 'Address'],
  ['source', 'Source'],
  ['description', 'Description'],
] as const;

/**
 * The company body from the form: text fields (an emptied field becomes null on edit) and `customFields`.
 */
export function companyBody(form: HTMLFormElement, defs: readonly CustomFieldDefinition[], editing: boolean) {
  const data = new FormData(form);
  const body: Record<string, unknown> = {};
  for (const [name] of TEXT_FIELDS) {
    const v = String(data.get(name) ?? '').trim();
    // On edit the name is always sent (an emptied name gets the API's message); other emptied fields clear.
    if (v || (editing && name === 'name')) body[name] = v;
    else if (editing) body[name] = null;
  }
  const customFields = customFieldValues(data, defs, editing);
  if (customFields) body.customFields = customFields;
  return body;
}

export function CompanyForm({
  defs,
  company,
  error,
  pending,
  submitLabel,
  action,
  onSubmit,
}: {
  defs: readonly CustomFieldDefinition[];
  company?: Company;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  action: string;
  onSubmit: (body: Record<string, unknown>) => void;
}) {
  const fields = [...TEXT_FIELDS.map(([n]) => n), 'customFields', ...defs.map((d) => `customFields.${d.slug}`)];
  const errors = useFormErrors(error, fields, action);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(companyBody(e.currentTarget, defs, !!company));
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormErrors errors={[...errors.form, ...(errors.byField.customFields ?? [])]} />
      <div className="form-grid">
        {TEXT_FIELDS.map(([name, label]) => (
          <TextField key={name} name={name} label={label} required={name === 'name'} defaultValue={company?.[name] ?? ''} errors={errors.byField[name]} />
        ))}
        <CustomFieldInputs defs={defs} values={company?.customFields} errors={errors} />
      </div>
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </form>
  );
}
