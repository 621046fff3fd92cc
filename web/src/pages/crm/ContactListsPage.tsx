import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { formatDate, type ContactList, type Page } from './crm-api';
import { CursorPager, useCursorPages } from './CursorPager';

/** Contact lists (STATIC only: the API has no smart contact lists), oldest first, page by page; a new one by name. */
export default function ContactListsPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const uid = useId();
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const lists = useQuery({
    queryKey: workspaceKey(t, 'crm', 'contact-lists', { pageSize: 50, cursor }),
    queryFn: ({ signal }) => api.get<Page<ContactList>>('/api/contact-lists', { signal, query: { pageSize: 50, cursor } }),
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<ContactList>('/api/contact-lists', { ...body, type: 'STATIC' }),
    meta: { action: 'create contact lists' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'contact-lists') }),
  });
  const errors = useFormErrors(create.error, ['name'], 'create contact lists');

  return (
    <div className="page">
      <h1>Contact lists</h1>
      <QueryState query={lists} label="the contact lists">
        {(page) => (
          <>
            {page.data.length === 0 ? (
              <p className="muted">{pages.page > 1 ? 'No more lists.' : 'No lists yet.'}</p>
            ) : (
              <TableRegion label="Contact lists">
                <table className="data">
                  <caption className="visually-hidden">Contact lists, page {pages.page}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Members</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((l) => (
                      <tr key={l.id}>
                        <td>
                          <Link to={`/contact-lists/${encodeURIComponent(l.id)}`}>{l.name}</Link>
                        </td>
                        <td>{l.memberCount ?? 0}</td>
                        <td>{formatDate(l.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
            <CursorPager pages={pages} nextCursor={page.nextCursor} />
          </>
        )}
      </QueryState>
      <section aria-labelledby={`${uid}-new`}>
        <h2 id={`${uid}-new`}>New contact list</h2>
        <p className="muted">Add contacts to it from the contacts table (select rows, then “Add to list”) or from the list’s page.</p>
        <form onSubmit={onSubmitValues((v) => create.mutate(v))} noValidate aria-labelledby={`${uid}-new`}>
          <FormErrors errors={errors.form} />
          <TextField name="name" label="List name" errors={errors.byField.name} />
          <SubmitButton pending={create.isPending}>Create contact list</SubmitButton>
        </form>
        {create.data && (
          <p role="status" className="notice notice-success">
            Contact list “{create.data.name}” created.
          </p>
        )}
      </section>
    </div>
  );
}
