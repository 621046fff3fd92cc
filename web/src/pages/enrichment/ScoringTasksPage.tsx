import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import type { CompanyList, Page } from '../crm/crm-api';
import { SCORING_METHOD_ID, type ScoringTask } from './scoring-api';

const FIELDS = ['description', 'companyListId'];
const PAGE_SIZE = 20;

/** Scoring tasks (methodId 22): create one over a company list, and the list of them. */
export default function ScoringTasksPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const lists = useQuery({
    queryKey: workspaceKey(t, 'crm', 'company-lists', { pageSize: 100 }),
    queryFn: ({ signal }) => api.get<Page<CompanyList>>('/api/company-lists', { signal, query: { pageSize: 100 } }),
  });
  const tasks = useQuery({
    queryKey: workspaceKey(t, 'scoring', 'tasks', { cursor: pages.cursor }),
    queryFn: ({ signal }) =>
      api.get<Page<ScoringTask>>('/api/tasks', { signal, query: { methodId: SCORING_METHOD_ID, pageSize: PAGE_SIZE, cursor: pages.cursor } }),
    meta: { action: 'see scoring tasks' },
  });
  const create = useMutation({
    mutationFn: (v: Record<string, string | boolean>) => api.post<ScoringTask>('/api/tasks', { methodId: SCORING_METHOD_ID, ...v }),
    meta: { action: 'create scoring tasks' },
    onSuccess: (task) => {
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'scoring', 'tasks') });
      void navigate(`/scoring/${encodeURIComponent(task.id)}`);
    },
  });
  const errors = useFormErrors(create.error, FIELDS, 'create scoring tasks');
  const listName = (id: string) => lists.data?.data.find((l) => l.id === id)?.name ?? 'a company list';
  return (
    <div className="page">
      <h1>Scoring tasks</h1>
      <p className="lead">
        A scoring task runs its steps (DNS, keywords, an AI score of the site…) over every company of a list and gives each an outcome. The AI score reads the
        site's content from the card, so <Link to="/enrichment">crawl the sites</Link> first.
      </p>
      <section aria-labelledby="new-scoring">
        <h2 id="new-scoring">New scoring task</h2>
        <form onSubmit={onSubmitValues((v) => create.mutate(v))} noValidate>
          <FormErrors errors={errors.form} />
          <div className="form-grid">
            <TextField name="description" label="Name" errors={errors.byField.description} />
            <SelectField
              name="companyListId"
              label="Companies to score"
              options={(lists.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              errors={errors.byField.companyListId}
            />
          </div>
          <SubmitButton pending={create.isPending}>Create scoring task</SubmitButton>
        </form>
      </section>
      <section aria-labelledby="scoring-tasks" className="page-section">
        <h2 id="scoring-tasks">Tasks</h2>
        <QueryState query={tasks} label="the scoring tasks">
          {(p) =>
            p.data.length === 0 && pages.page === 1 ? (
              <p className="muted">No scoring tasks yet.</p>
            ) : (
              <>
                <TableRegion label="Scoring tasks">
                  <table className="data">
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Companies</th>
                        <th scope="col">Steps</th>
                        <th scope="col">Created</th>
                      </tr>
                    </thead>
                    <tbody>
                      {p.data.map((x) => (
                        <tr key={x.id}>
                          <td>
                            <Link to={`/scoring/${encodeURIComponent(x.id)}`}>{x.description || 'Scoring'}</Link>
                          </td>
                          <td>{listName(x.companyListId)}</td>
                          <td>{x.steps?.length ?? 0}</td>
                          <td>{new Date(x.createdAt).toLocaleString()}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableRegion>
                <CursorPager pages={pages} nextCursor={p.nextCursor} />
              </>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
