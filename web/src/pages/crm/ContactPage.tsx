import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import { leaveDeleted } from '../../api/leave-deleted';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { ConfirmAction } from '../../components/ConfirmAction';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { CONTACT_FIELDS, ContactForm } from './ContactForm';
import { contactName, customFieldsQuery, formatDate, type Company, type Contact, type ContactList, type Page } from './crm-api';

const CHANNEL_TYPES = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
];

/** One contact: fields, company, channels (a duplicate names the other contact), where it came from; edit, add a channel, delete. */
export default function ContactPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const path = `/api/contacts/${encodeURIComponent(id)}`;
  const key = workspaceKey(t, 'crm', 'contacts', 'one', id);
  const contact = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<Contact>(path, { signal }), meta: { action: 'see contacts' } });
  const companyId = contact.data?.companyId;
  const company = useQuery({
    queryKey: workspaceKey(t, 'crm', 'companies', 'one', companyId ?? ''),
    queryFn: ({ signal }) => api.get<Company>(`/api/companies/${encodeURIComponent(companyId ?? '')}`, { signal }),
    enabled: !!companyId,
    // A company deleted meanwhile is not this page's 404: the link then says so.
    throwOnError: false,
  });
  const defs = useQuery(customFieldsQuery(t, 'contact'));
  const lists = useQuery({
    queryKey: workspaceKey(t, 'crm', 'contact-lists', 'of-contact', id),
    queryFn: ({ signal }) => api.get<Page<ContactList>>(`${path}/lists`, { signal, query: { pageSize: 100 } }),
    // Lists change from the lists pages, bulk actions and agents: read again on every visit.
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'contacts') });
  const update = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.patch<Contact>(path, body),
    meta: { action: 'change contacts' },
    onSuccess: (c) => {
      queryClient.setQueryData(key, c);
      void refresh();
      setEditing(false);
    },
  });
  const addChannel = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post(`${path}/channels`, body),
    meta: { action: 'change contacts' },
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: () => api.delete(path),
    meta: { action: 'delete contacts' },
    onSuccess: () => leaveDeleted(queryClient, { id, area: workspaceKey(t, 'crm'), leave: () => navigate('/contacts') }),
  });
  const channelErrors = useFormErrors(addChannel.error, ['type', 'value'], 'change contacts');

  return (
    <div className="page">
      <QueryState query={contact} label="the contact">
        {(c) => (
          <>
            <h1>{contactName(c)}</h1>
            <div className="actions">
              <button type="button" className="secondary" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
                Edit contact
              </button>
              <ConfirmAction
                asking={asking}
                onAsk={() => setAsking(true)}
                onCancel={() => setAsking(false)}
                onConfirm={() => remove.mutate()}
                pending={remove.isPending}
                action="Delete contact"
                question={`Delete ${contactName(c)} with its channels and list memberships?`}
              />
            </div>
            {remove.error ? (
              <p className="error-text" role="alert">
                {describeError(remove.error, 'delete contacts')}
              </p>
            ) : null}
            {editing ? (
              <ContactForm
                defs={defs.data?.data ?? []}
                contact={c}
                error={update.error}
                pending={update.isPending}
                submitLabel="Save contact"
                action="change contacts"
                onSubmit={(b) => update.mutate(b)}
              />
            ) : (
              <dl className="details">
                <div className="contents">
                  <dt>Company</dt>
                  <dd>
                    {c.companyId ? (
                      <Link to={`/companies/${encodeURIComponent(c.companyId)}`}>
                        {company.data?.name ?? (company.isError ? 'A company that no longer exists' : 'Open company')}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </dd>
                </div>
                {CONTACT_FIELDS.filter(([k]) => c[k]).map(([k, label]) => (
                  <div key={k} className="contents">
                    <dt>{label}</dt>
                    <dd>{c[k]}</dd>
                  </div>
                ))}
                {(defs.data?.data ?? []).map((d) => (
                  <div key={d.slug} className="contents">
                    <dt>{d.label}</dt>
                    <dd>{c.customFields[d.slug] === undefined || c.customFields[d.slug] === null ? '—' : String(c.customFields[d.slug])}</dd>
                  </div>
                ))}
                <div className="contents">
                  <dt>Source</dt>
                  <dd>
                    {c.source?.kind ?? 'manual'}
                    {c.source?.sourceUrl ? ` — ${c.source.sourceUrl}` : ''}
                    {c.source?.collectedAt ? ` (${formatDate(c.source.collectedAt)})` : ''}
                  </dd>
                </div>
                <div className="contents">
                  <dt>Created</dt>
                  <dd>{formatDate(c.createdAt)}</dd>
                </div>
              </dl>
            )}
            <section aria-labelledby="contact-channels">
              <h2 id="contact-channels">Channels</h2>
              {c.channels.length === 0 ? (
                <p className="muted">No channels yet.</p>
              ) : (
                <ul className="plain">
                  {c.channels.map((ch) => (
                    <li key={`${ch.type}:${ch.value}`}>
                      {ch.type}: {ch.value}
                      {ch.duplicateOf ? (
                        <strong>
                          {' '}
                          — duplicate of <Link to={`/contacts/${encodeURIComponent(ch.duplicateOf)}`}>contact {ch.duplicateOf}</Link>
                        </strong>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
              <form onSubmit={onSubmitValues((v) => addChannel.mutate(v))} noValidate aria-labelledby="contact-channels">
                <FormErrors errors={channelErrors.form} />
                <div className="form-grid">
                  <SelectField name="type" label="Channel type" options={CHANNEL_TYPES} errors={channelErrors.byField.type} />
                  <TextField name="value" label="Channel value" errors={channelErrors.byField.value} />
                </div>
                <SubmitButton pending={addChannel.isPending}>Add channel</SubmitButton>
              </form>
            </section>
          </>
        )}
      </QueryState>
      <section aria-labelledby="contact-lists">
        <h2 id="contact-lists">Lists</h2>
        <QueryState query={lists} label="the contact's lists">
          {(page) =>
            page.data.length === 0 ? (
              <p className="muted">In no contact list.</p>
            ) : (
              <ul className="plain">
                {page.data.map((l) => (
                  <li key={l.id}>
                    <Link to={`/contact-lists/${encodeURIComponent(l.id)}`}>{l.name}</Link> ({l.memberCount ?? 0} {l.memberCount === 1 ? 'member' : 'members'})
                  </li>
                ))}
                {page.nextCursor ? <li className="muted">And more lists.</li> : null}
              </ul>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
