import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { customFieldsPath, customFieldsQuery, formatDate, type Entity } from './crm-api';
import type { CustomFieldDefinition } from './filters';

const FIELDS = ['slug', 'label', 'fieldType'];
const TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
];
const RECORDS: Record<Entity, { one: string; many: string; path: string }> = {
  company: { one: 'company', many: 'companies', path: '/companies' },
  contact: { one: 'contact', many: 'contacts', path: '/contacts' },
};

interface Usage {
  holders: { count: number; complete: boolean };
  smartLists: { data: { id: string; name: string }[]; complete: boolean };
}

function EntityFields({ entity, title }: { entity: Entity; title: string }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const list = useQuery(customFieldsQuery(t, entity));
  const [editing, setEditing] = useState<string | null>(null);
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
                    <th scope="col">Where used</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((d) => (
                    <tr key={d.slug}>
                      <td>
                        {editing === d.slug ? (
                          <EditLabel entity={entity} def={d} onDone={() => setEditing(null)} />
                        ) : (
                          <>
                            {d.label}{' '}
                            <button type="button" className="secondary" onClick={() => setEditing(d.slug)}>
                              Edit label<span className="visually-hidden"> of {d.label}</span>
                            </button>
                          </>
                        )}
                      </td>
                      <td>
                        <code>cf_{d.slug}</code>
                      </td>
                      <td>{d.fieldType}</td>
                      <td>{'createdAt' in d ? formatDate(String(d.createdAt)) : ''}</td>
                      <td>
                        <FieldUsage entity={entity} def={d} />
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

/** The label is what may change: the key names every stored value and filter, the type how values are stored. */
function EditLabel({ entity, def, onDone }: { entity: Entity; def: CustomFieldDefinition; onDone: () => void }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.patch(`${customFieldsPath(entity)}/${encodeURIComponent(def.slug)}`, body),
    meta: { action: 'change custom fields' },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'custom-fields', entity) });
      onDone();
    },
  });
  const errors = useFormErrors(update.error, ['label'], 'change custom fields');
  return (
    <form onSubmit={onSubmitValues((v) => update.mutate({ label: v.label ?? '' }))} noValidate aria-label={`Edit ${def.label}`}>
      <FormErrors errors={errors.form} />
      <TextField name="label" label={`New label for cf_${def.slug}`} defaultValue={def.label} errors={errors.byField.label} />
      <div className="actions">
        <SubmitButton pending={update.isPending}>Save label</SubmitButton>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Counted on demand (a text or date field's count reads the records, up to the API's bound), not on every page view. */
function FieldUsage({ entity, def }: { entity: Entity; def: CustomFieldDefinition }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const [asked, setAsked] = useState(false);
  const usage = useQuery({
    queryKey: workspaceKey(t, 'crm', 'custom-fields', entity, 'usage', def.slug),
    queryFn: ({ signal }) => api.get<Usage>(`${customFieldsPath(entity)}/usage`, { signal, query: { slug: def.slug } }),
    enabled: asked,
    staleTime: 0,
    throwOnError: false,
  });
  const records = RECORDS[entity];
  if (!asked)
    return (
      <button type="button" className="secondary" onClick={() => setAsked(true)}>
        See where used<span className="visually-hidden"> for {def.label}</span>
      </button>
    );
  return (
    <QueryState query={usage} label={`where ${def.label} is used`}>
      {(u) => {
        const count = `${u.holders.complete ? '' : 'at least '}${u.holders.count} ${u.holders.count === 1 ? records.one : records.many}`;
        const filters = encodeURIComponent(JSON.stringify([{ field: `cf_${def.slug}`, ...usedRule(def.fieldType) }]));
        return (
          <ul className="plain" aria-label={`Where ${def.label} is used`}>
            <li>{u.holders.count > 0 ? <Link to={`${records.path}?filters=${filters}`}>{count} with a value</Link> : `No ${records.one} has a value`}</li>
            {u.smartLists.data.map((l) => (
              <li key={l.id}>
                Smart list <Link to={`/company-lists/${encodeURIComponent(l.id)}`}>{l.name}</Link>
              </li>
            ))}
            {entity === 'company' && u.smartLists.data.length === 0 ? <li>No smart list filters on it</li> : null}
            {u.smartLists.complete ? null : <li>Not every list was checked</li>}
          </ul>
        );
      }}
    </QueryState>
  );
}

/** A rule that holds for every record with a value of the field (the filter grammar has no "is set" for numbers and dates). */
function usedRule(fieldType: string) {
  if (fieldType === 'number') return { operator: 'gte', value: -1e300 };
  if (fieldType === 'date') return { operator: 'after', value: '0001-01-01' };
  return { operator: 'isEmpty', value: false };
}

/** Custom fields of companies and contacts: define them, change their labels, and see where each is used. */
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
