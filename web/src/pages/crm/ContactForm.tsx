import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { customFieldValues, CustomFieldInputs } from './custom-field-inputs';
import type { Company, Contact, Page } from './crm-api';
import type { CustomFieldDefinition } from './filters';

/** The contact's own text fields (contacts_update accepts these); email and phone are channels, set on create only. */
export const CONTACT_FIELDS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['position', 'Position'],
  ['personalEmail', 'Personal email'],
  ['linkedin', 'LinkedIn'],
] as const;
const CHANNEL_FIELDS = [
  ['email', 'Email'],
  ['phone', 'Phone'],
] as const;

/** Companies offered in the company choice: the first 100 by name (the choice is a plain select). */
export const companyChoicesQuery = (tenantId: string) => ({
  queryKey: workspaceKey(tenantId, 'crm', 'companies', { pageSize: 100, sort: 'name' }),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Page<Company>>('/api/companies', { signal, query: { pageSize: 100, sort: 'name' } }),
  staleTime: 60_000,
});

/**
 * The contact body from the form: on create only what was typed (email and phone included); on edit every
 * field, an emptied one as null (the API clears it), `companyId` null for "no company".
 */
export function contactBody(form: HTMLFormElement, defs: readonly CustomFieldDefinition[], editing: boolean) {
  const data = new FormData(form);
  const body: Record<string, unknown> = {};
  const fields = editing ? [...CONTACT_FIELDS, ['companyId']] : [...CONTACT_FIELDS, ...CHANNEL_FIELDS, ['companyId']];
  for (const [name] of fields) {
    const v = String(data.get(name) ?? '').trim();
    if (v) body[name] = v;
    else if (editing) body[name] = null;
  }
  const customFields = customFieldValues(data, defs, editing);
  if (customFields) body.customFields = customFields;
  return body;
}

export function ContactForm({
  defs,
  contact,
  companyId,
  error,
  pending,
  submitLabel,
  action,
  onSubmit,
}: {
  defs: readonly CustomFieldDefinition[];
  contact?: Contact;
  /** The company chosen when the form opens (a new contact from a company's page). */
  companyId?: string;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  action: string;
  onSubmit: (body: Record<string, unknown>) => void;
}) {
  const { workspace } = useWorkspace();
  const companies = useQuery(companyChoicesQuery(workspace.tenantId));
  const editing = !!contact;
  const names = [...CONTACT_FIELDS, ...(editing ? [] : CHANNEL_FIELDS)].map(([n]) => n);
  const fields = [...names, 'companyId', 'customFields', ...defs.map((d) => `customFields.${d.slug}`)];
  const errors = useFormErrors(error, fields, action);
  const current = contact?.companyId ?? companyId ?? '';
  const options = [{ value: '', label: 'No company' }, ...(companies.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))];
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: 'The current company' });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(contactBody(e.currentTarget, defs, editing));
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormErrors errors={[...errors.form, ...(errors.byField.customFields ?? [])]} />
      <div className="form-grid">
        {[...CONTACT_FIELDS, ...(editing ? [] : CHANNEL_FIELDS)].map(([name, label]) => (
          <TextField
            key={name}
            name={name}
            label={label}
            type={name === 'email' || name === 'personalEmail' ? 'email' : name === 'phone' ? 'tel' : 'text'}
            defaultValue={contact?.[name] ?? ''}
            errors={errors.byField[name]}
          />
        ))}
        {/* Keyed by the loaded options, so the default choice applies once the companies have arrived. */}
        <SelectField
          key={`company-${options.length}`}
          name="companyId"
          label="Company"
          options={options}
          defaultValue={current}
          errors={errors.byField.companyId}
        />
        <CustomFieldInputs defs={defs} values={contact?.customFields} errors={errors} />
      </div>
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </form>
  );
}
