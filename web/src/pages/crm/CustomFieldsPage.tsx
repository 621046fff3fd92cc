import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { customFieldsPath, customFieldsQuery, formatDate, type Entity } from './crm-api';

const FIELDS = ['slug', 'label', 'fieldType'];
const TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
];

function EntityFields({ entity, title }: { entity: Entity; title: string }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const list = useQuery(customFieldsQuery(t, entity));
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post(customFieldsPath(entity), body),
    meta: { action: 'define custom fields' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'custom-fields', entity) }),
  });
  const errors = useFormErrors(create.error, FIELDS, 'define custom fields');
  const headingId = `cf-${entity}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <QueryState query={list} label={`the ${entity} custom fields`}>
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">None defined yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Label</th>
                    <th scope="col">Key</th>
                    <th scope="col">Type</th>
                    <th scope="col">Defined</th>
                    <th scope="col">Used in</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((d) => (
                    <tr key={d.slug}>
                      <td>{d.label}</td>
                      <td>
                        <code>cf_{d.slug}</code>
                      </td>
                      <td>{d.fieldType}</td>
                      <td>{'createdAt' in d ? formatDate(String(d.createdAt)) : ''}</td>
                      <td>
                        {entity === 'company' ? (
                          <Link to={`/companies?filters=${encodeURIComponent(JSON.stringify([{ field: `cf_${d.slug}`, ...usedRule(d.fieldType) }]))}`}>
                            Companies with a value<span className="visually-hidden"> for {d.label}</span>
                          </Link>
                        ) : (
                          'Contacts'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <form onSubmit={onSubmitValues((v) => create.mutate(v))} noValidate aria-label={`New ${entity} custom field`}>
        <FormErrors errors={errors.form} />
        <div className="form-grid">
          <TextField name="label" label="Label" errors={errors.byField.label} />
          <TextField name="slug" label="Key" hint="lower_snake: a-z, 0-9 and _, starting with a letter" errors={errors.byField.slug} />
          <SelectField name="fieldType" label="Type" options={TYPES} errors={errors.byField.fieldType} />
        </div>
        <SubmitButton pending={create.isPending}>Define {entity} field</SubmitButton>
      </form>
    </section>
  );
}

/** A rule that holds for every company with a value of the field (the filter grammar has no "is set" for numbers and dates). */
function usedRule(fieldType: string) {
  if (fieldType === 'number') return { operator: 'gte', value: -1e300 };
  if (fieldType === 'date') return { operator: 'after', value: '0001-01-01' };
  return { operator: 'isEmpty', value: false };
}

/** Custom fields of companies and contacts: define them and see which records use them. */
export default function CustomFieldsPage() {
  return (
    <div className="page">
      <h1>Custom fields</h1>
      <p className="lead">Custom fields appear as columns of the companies table, in the filter builder as cf_ fields, and on the edit forms.</p>
      <EntityFields entity="company" title="Company fields" />
      <EntityFields entity="contact" title="Contact fields" />
    </div>
  );
}
