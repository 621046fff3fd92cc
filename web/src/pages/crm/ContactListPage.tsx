import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import { leaveDeleted } from '../../api/leave-deleted';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { ConfirmAction } from '../../components/ConfirmAction';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { useSelection } from '../../components/selection';
import { TableRegion } from '../../components/TableRegion';
import { contactName, type Contact, type ContactList, type Page } from './crm-api';
import { CursorPager, useCursorPages } from './CursorPager';

/**
 * One contact list: rename or delete it; its members page by page (in the order they were added), with the
 * selected ones removed from it; and contacts found by a search added to it.
 */
export default function ContactListPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const uid = useId();
  const navigate = useNavigate();
  const selected = useSelection();
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const [renaming, setRenaming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [q, setQ] = useState('');
  const base = `/api/contact-lists/${encodeURIComponent(id)}`;
  const list = useQuery({ queryKey: workspaceKey(t, 'crm', 'contact-lists', 'one', id), queryFn: ({ signal }) => api.get<ContactList>(base, { signal }) });
  const members = useQuery({
    queryKey: workspaceKey(t, 'crm', 'contact-lists', 'members', id, cursor),
    queryFn: ({ signal }) => api.get<Page<Contact>>(`${base}/contacts`, { signal, query: { pageSize: 50, cursor } }),
    placeholderData: keepPreviousData,
    // Agents and imports add members too: read again on every visit.
    staleTime: 0,
  });
  const found = useQuery({
    queryKey: workspaceKey(t, 'crm', 'contacts', { q, pageSize: 20 }),
    queryFn: ({ signal }) => api.get<Page<Contact>>('/api/contacts', { signal, query: { q, pageSize: 20 } }),
    enabled: q !== '',
  });
  const add = useMutation({
    mutationFn: (contactId: string) => api.post<{ added: number; alreadyMembers: number }>(`${base}/contacts`, { contactIds: [contactId] }),
    meta: { action: 'change contact lists' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'contact-lists') }),
  });
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'contact-lists') });
  const rename = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.patch<ContactList>(base, body),
    meta: { action: 'change contact lists' },
    onSuccess: () => (setRenaming(false), void refreshLists()),
  });
  const renameErrors = useFormErrors(rename.error, ['name'], 'change contact lists');
  const remove = useMutation({
    mutationFn: () => api.delete(base),
    meta: { action: 'delete contact lists' },
    onSuccess: () => leaveDeleted(queryClient, { id, area: workspaceKey(t, 'crm', 'contact-lists'), leave: () => navigate('/contact-lists') }),
  });
  const removeMembers = useMutation({
    mutationFn: (contactIds: string[]) => api.post<{ removed: number; notMembers: string[] }>(`${base}/contacts/remove`, { contactIds }),
    meta: { action: 'change contact lists' },
    onSuccess: () => (selected.clear(), void refreshLists()),
  });
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setQ(String(new FormData(e.currentTarget).get('q') ?? '').trim());
  };

  return (
    <div className="page">
      <QueryState query={list} label="the list">
        {(l) => (
          <>
            <h1>{l.name}</h1>
            <p className="lead">
              Static contact list, {l.memberCount ?? 0} {l.memberCount === 1 ? 'member' : 'members'}.
            </p>
            <div className="actions">
              <button type="button" className="secondary" aria-expanded={renaming} onClick={() => setRenaming((r) => !r)}>
                Rename list
              </button>
              <ConfirmAction
                asking={asking}
                onAsk={() => setAsking(true)}
                onCancel={() => setAsking(false)}
                onConfirm={() => remove.mutate()}
                pending={remove.isPending}
                action="Delete list"
                question={`Delete the list “${l.name}”? Its contacts stay.`}
              />
            </div>
            {remove.error ? (
              <p className="error-text" role="alert">
                {describeError(remove.error, 'delete contact lists')}
              </p>
            ) : null}
            {renaming ? (
              <form onSubmit={onSubmitValues((v) => rename.mutate({ name: v.name ?? '' }))} noValidate aria-label="Rename list">
                <FormErrors errors={renameErrors.form} />
                <TextField name="name" label="New list name" defaultValue={l.name} errors={renameErrors.byField.name} />
                <SubmitButton pending={rename.isPending}>Save name</SubmitButton>
              </form>
            ) : null}
          </>
        )}
      </QueryState>
      <h2>Members</h2>
      <QueryState query={members} label="the members">
        {(m) => (
          <>
            {m.data.length === 0 ? (
              <p className="muted">{pages.page > 1 ? 'No more members.' : 'No members yet.'}</p>
            ) : (
              <TableRegion label="Members">
                <table className="data">
                  <caption className="visually-hidden">Members, page {pages.page}</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <span className="visually-hidden">Selected</span>
                      </th>
                      <th scope="col">Contact</th>
                      <th scope="col">Email</th>
                      <th scope="col">Position</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.data.map((c) => (
                      <tr key={c.id}>
                        <td>
                          <input type="checkbox" aria-label={`Select ${contactName(c)}`} checked={selected.has(c.id)} onChange={() => selected.toggle(c.id)} />
                        </td>
                        <td>
                          <Link to={`/contacts/${encodeURIComponent(c.id)}`}>{contactName(c)}</Link>
                        </td>
                        <td>{c.email}</td>
                        <td>{c.position}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
            <div className="actions">
              <button
                type="button"
                className="secondary"
                disabled={selected.ids.length === 0 || removeMembers.isPending}
                onClick={() => removeMembers.mutate(selected.ids)}
              >
                Remove selected from list{selected.ids.length ? ` (${selected.ids.length})` : ''}
              </button>
            </div>
            <p role="status">
              {removeMembers.error
                ? describeError(removeMembers.error, 'change contact lists')
                : removeMembers.data
                  ? `Removed ${removeMembers.data.removed} ${removeMembers.data.removed === 1 ? 'contact' : 'contacts'} from the list.`
                  : ''}
            </p>
            <CursorPager pages={pages} nextCursor={m.nextCursor} />
          </>
        )}
      </QueryState>
      <section aria-labelledby={`${uid}-add`}>
        <h2 id={`${uid}-add`}>Add contacts</h2>
        <form className="toolbar" role="search" onSubmit={search}>
          <label htmlFor={`${uid}-q`}>Find contacts to add</label>
          <input id={`${uid}-q`} name="q" type="search" placeholder="name, position, email, phone" />
          <button type="submit" className="secondary">
            Find
          </button>
        </form>
        {q !== '' && (
          <QueryState query={found} label="the contacts">
            {(page) =>
              page.data.length === 0 ? (
                <p className="muted">No contact matches “{q}”.</p>
              ) : (
                <ul className="plain">
                  {page.data.map((c) => (
                    <li key={c.id}>
                      {contactName(c)}
                      {c.email ? ` — ${c.email}` : ''}{' '}
                      <button type="button" className="secondary" disabled={add.isPending} onClick={() => add.mutate(c.id)}>
                        Add<span className="visually-hidden"> {contactName(c)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        )}
        <p role="status">
          {add.error ? describeError(add.error, 'change contact lists') : add.data ? (add.data.added ? 'Added to the list.' : 'Already in the list.') : ''}
        </p>
      </section>
    </div>
  );
}
