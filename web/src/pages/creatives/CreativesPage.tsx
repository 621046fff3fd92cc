import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { TableRegion } from '../../components/TableRegion';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { CREATIVE_TYPES, creativesKey, formatTime, type Creative, type Page } from './creatives-api';

const FIELDS = ['name', 'type', 'subject', 'bodyHtml'];
const PAGE_SIZE = 25;

/** The workspace's creatives, newest first, and a new one (opened in its editor once created). */
export default function CreativesPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pages = useCursorPages();
  const list = useQuery({
    queryKey: creativesKey(t, 'list', { pageSize: PAGE_SIZE, cursor: pages.cursor }),
    queryFn: ({ signal }) => api.get<Page<Creative>>('/api/creatives', { signal, query: { pageSize: PAGE_SIZE, cursor: pages.cursor } }),
    meta: { action: 'see creatives' },
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Creative>('/api/creatives', body),
    meta: { action: 'create creatives' },
    onSuccess: (c) => {
      void queryClient.invalidateQueries({ queryKey: creativesKey(t, 'list') });
      void navigate(`/creatives/${encodeURIComponent(c.id)}`);
    },
  });
  const errors = useFormErrors(create.error, FIELDS, 'create creatives');
  return (
    <div className="page">
      <h1>Creatives</h1>
      <QueryState query={list} label="the creatives">
        {(page) =>
          page.data.length === 0 && pages.page === 1 ? (
            <p>No creatives yet. Write the first one below.</p>
          ) : (
            <>
              <TableRegion label="Creatives">
                <table className="data">
                  <caption className="visually-hidden">Creatives</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Type</th>
                      <th scope="col">Subject</th>
                      <th scope="col">Version</th>
                      <th scope="col">Updated</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((c) => (
                      <tr key={c.id}>
                        <td>
                          <Link to={`/creatives/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                        </td>
                        <td>
                          {c.type}
                          {c.moderationStatus ? ` (${c.moderationStatus.toLowerCase()})` : ''}
                        </td>
                        <td>{c.subject}</td>
                        <td className="number">{c.contentVersion}</td>
                        <td>{formatTime(c.updatedAt)}</td>
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
      <section aria-labelledby="new-creative-heading" className="page-section">
        <h2 id="new-creative-heading">New creative</h2>
        <form onSubmit={onSubmitValues((v) => create.mutate({ ...v, bodyHtml: v.bodyHtml ?? '' }))} noValidate>
          <FormErrors errors={errors.form} />
          <TextField name="name" label="Creative name" required errors={errors.byField.name} />
          <SelectField
            name="type"
            label="Type"
            defaultValue="EMAIL"
            options={CREATIVE_TYPES.map((x) => ({ value: x, label: x }))}
            errors={errors.byField.type}
          />
          <TextField name="subject" label="Subject line" errors={errors.byField.subject} hint="Spintax {a|b} and {{variables}} work here too." />
          <TextAreaField name="bodyHtml" label="Body (HTML)" rows={6} errors={errors.byField.bodyHtml} />
          <SubmitButton pending={create.isPending}>Create creative</SubmitButton>
        </form>
      </section>
    </div>
  );
}
