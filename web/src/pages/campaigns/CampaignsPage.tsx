import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { TableRegion } from '../../components/TableRegion';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { statusInWords } from './campaign-words';
import { creativesQuery, type Campaign } from './campaigns-api';

const FIELDS = ['name', 'renderMode', 'creativeIds'];
const STATUSES = ['', 'DRAFT', 'ACTIVE', 'PAUSED', 'BLOCKED'];

export default function CampaignsPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const [status, setStatus] = useState('');
  const [cursor, setCursor] = useState<string | undefined>();
  const list = useQuery({
    queryKey: workspaceKey(t, 'campaigns', 'list', { status, cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: Campaign[]; nextCursor: string | null }>('/api/campaigns', { signal, query: { limit: 50, status: status || undefined, cursor } }),
    meta: { action: 'see campaigns' },
  });
  return (
    <div className="page">
      <h1>Campaigns</h1>
      <div className="toolbar">
        <label htmlFor="campaign-status">Show</label>
        <select
          id="campaign-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setCursor(undefined);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? s.charAt(0) + s.slice(1).toLowerCase() : 'All campaigns'}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={list} label="the campaigns">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">No campaigns{status ? ` with status ${status}` : ''} yet.</p>
          ) : (
            <>
              <TableRegion label="Campaigns">
                <table className="data">
                  <caption className="visually-hidden">Campaigns, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">State</th>
                      <th scope="col">Copy</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((c) => (
                      <tr key={c.id}>
                        <td>
                          <Link to={`/campaigns/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                        </td>
                        <td>
                          <strong>{c.status}</strong> <span className="muted">{statusInWords(c)}</span>
                        </td>
                        <td>{c.renderMode === 'BYOC' ? 'Own renders (BYOC)' : 'Rendered by the platform'}</td>
                        <td>{new Date(c.createdAt).toLocaleString()}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <div className="actions">
                {cursor && (
                  <button type="button" className="secondary" onClick={() => setCursor(undefined)}>
                    First page
                  </button>
                )}
                {page.nextCursor && (
                  <button type="button" className="secondary" onClick={() => setCursor(page.nextCursor ?? undefined)}>
                    Next page
                  </button>
                )}
              </div>
            </>
          )
        }
      </QueryState>
      <NewCampaign />
    </div>
  );
}

/** A campaign with its name, who writes the copy and (for the platform's AI) the creative it starts from. */
function NewCampaign() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const creatives = useQuery(creativesQuery(t));
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Campaign>('/api/campaigns', body),
    meta: { action: 'create campaigns' },
    onSuccess: async (c) => {
      await queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'campaigns') });
      await navigate(`/campaigns/${encodeURIComponent(c.id)}`);
    },
  });
  const errors = useFormErrors(create.error, FIELDS, 'create campaigns');
  const options = [{ value: '', label: 'None (bring your own renders)' }, ...(creatives.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <section className="page-section" aria-labelledby="new-campaign">
      <h2 id="new-campaign">New campaign</h2>
      <form
        noValidate
        onSubmit={onSubmitValues((v) => create.mutate({ name: v.name, renderMode: v.renderMode, creativeIds: v.creativeIds ? [v.creativeIds] : [] }))}
      >
        <FormErrors errors={errors.form} />
        <div className="form-row">
          <TextField name="name" label="Campaign name" errors={errors.byField.name} required />
          <SelectField
            name="renderMode"
            label="Who writes each email"
            errors={errors.byField.renderMode}
            options={[
              { value: 'PLATFORM', label: 'The platform, with AI, from a creative' },
              { value: 'BYOC', label: 'I submit finished emails (BYOC)' },
            ]}
          />
          <SelectField name="creativeIds" label="Creative" errors={errors.byField.creativeIds} options={options} />
        </div>
        <SubmitButton pending={create.isPending}>Create campaign</SubmitButton>
      </form>
    </section>
  );
}
