import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { briefsKey, type Brief } from './briefs-api';

const FIELDS = ['name', 'description'];
const PAGE_SIZE = 25;

/** The workspace's briefs, newest first, and a new one from a short description. */
export default function BriefsPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pages = useCursorPages();
  const list = useQuery({
    queryKey: briefsKey(t, 'list', { pageSize: PAGE_SIZE, cursor: pages.cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: Brief[]; nextCursor: string | null }>('/api/briefs', { signal, query: { pageSize: PAGE_SIZE, cursor: pages.cursor } }),
    meta: { action: 'see briefs' },
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Brief>('/api/briefs', body),
    meta: { action: 'create briefs' },
    onSuccess: (b) => {
      void queryClient.invalidateQueries({ queryKey: briefsKey(t, 'list') });
      void navigate(`/briefs/${encodeURIComponent(b.id)}`);
    },
  });
  const errors = useFormErrors(create.error, FIELDS, 'create briefs');
  return (
    <div className="page">
      <h1>Briefs</h1>
      <QueryState query={list} label="the briefs">
        {(page) =>
          page.data.length === 0 && pages.page === 1 ? (
            <p>No briefs yet. Describe the first one below.</p>
          ) : (
            <>
              <TableRegion label="Briefs">
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Revision</th>
                      <th scope="col">Updated</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((b) => (
                      <tr key={b.id}>
                        <td>
                          <Link to={`/briefs/${encodeURIComponent(b.id)}`}>{b.name}</Link>
                        </td>
                        <td className="number">{b.revision}</td>
                        <td>{new Date(b.updatedAt).toLocaleString()}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <CursorPager pages={pages} nextCursor={page.nextCursor} />
            </>
          )
        }
      </QueryState>
      <section aria-labelledby="new-brief-heading" className="page-section">
        <h2 id="new-brief-heading">New brief</h2>
        <form onSubmit={onSubmitValues((v) => create.mutate(v))} noValidate>
          <FormErrors errors={errors.form} />
          <TextField name="name" label="Brief name (optional)" maxLength={200} errors={errors.byField.name} />
          <TextAreaField
            name="description"
            label="What is offered, to whom"
            rows={4}
            required
            errors={errors.byField.description}
            hint="A few sentences; they become the product description. Fill in the rest of the brief on its page."
          />
          <SubmitButton pending={create.isPending}>Create brief</SubmitButton>
        </form>
      </section>
    </div>
  );
}
