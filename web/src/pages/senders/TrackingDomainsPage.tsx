import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { formatTime, type TrackingDomain } from './senders-api';
import { StateBadge } from './VerdictBadge';

const STATUS = { ACTIVE: ['pass', 'Active'], PENDING: ['warn', 'Waiting for the CNAME'], FAILED: ['fail', 'Failed'] } as const;
const REASON: Record<string, string> = {
  cname_mismatch: 'the CNAME points elsewhere',
  cname_missing: 'the CNAME is gone',
  dns_error: 'DNS could not be read',
};

/** The reason as words: a known code, or the sentence after a `code: ` prefix. */
const reasonInWords = (reason: string) => {
  const m = /^([a-z_]+)(?::\s*(.*))?$/s.exec(reason);
  return m ? (m[2] ?? REASON[m[1]] ?? reason) : reason;
};

/** Custom tracking domains: the CNAME each needs, its health check, and the workspace default. */
export default function TrackingDomainsPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const key = workspaceKey(t, 'senders', 'tracking-domains');
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ data: TrackingDomain[] }>('/api/tracking-domains', { signal }),
    meta: { action: 'see tracking domains' },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const form = useRef<HTMLFormElement>(null);
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<TrackingDomain>('/api/tracking-domains', body),
    meta: { action: 'add tracking domains' },
    onSuccess: () => (form.current?.reset(), refresh()),
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'health-check' | 'default' }) =>
      api.post<TrackingDomain>(`/api/tracking-domains/${encodeURIComponent(id)}/${action}`),
    meta: { action: 'change tracking domains' },
    onSuccess: refresh,
  });
  const errors = useFormErrors(create.error, ['domain'], 'add tracking domains');
  return (
    <div className="page">
      <h1>Tracking domains</h1>
      <p className="lead">Opens and clicks are tracked on your own domain: point its CNAME at the tracking host, then check it.</p>
      <form ref={form} onSubmit={onSubmitValues((v) => create.mutate(v))} noValidate aria-label="Add a tracking domain">
        <FormErrors errors={errors.form} />
        <TextField name="domain" label="Tracking domain" placeholder="track.example.com" errors={errors.byField.domain} />
        <div>
          <SubmitButton pending={create.isPending}>Add the domain</SubmitButton>
        </div>
      </form>
      {act.error ? (
        <p className="error-text" role="alert">
          {describeError(act.error, 'change tracking domains')}
        </p>
      ) : null}
      <QueryState query={list} label="the tracking domains">
        {(r) =>
          r.data.length === 0 ? (
            <p>No tracking domain yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="data">
                <caption className="visually-hidden">Tracking domains</caption>
                <thead>
                  <tr>
                    <th scope="col">Domain</th>
                    <th scope="col">Health</th>
                    <th scope="col">CNAME to set</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {r.data.map((d) => (
                    <tr key={d.id}>
                      <td>
                        {d.domain}
                        {d.isDefault && <strong> (default)</strong>}
                      </td>
                      <td>
                        <StateBadge tone={STATUS[d.status][0]}>{STATUS[d.status][1]}</StateBadge>
                        {d.reason && <> {reasonInWords(d.reason)}</>}
                        <br />
                        <span className="muted">checked {formatTime(d.lastCheckedAt)}</span>
                      </td>
                      <td>
                        <code className="record">
                          {d.dns.name} CNAME {d.dns.value}
                        </code>
                      </td>
                      <td>
                        <div className="actions">
                          <button type="button" className="secondary" onClick={() => act.mutate({ id: d.id, action: 'health-check' })} disabled={act.isPending}>
                            Check {d.domain}
                          </button>
                          {d.status === 'ACTIVE' && !d.isDefault && (
                            <button type="button" className="secondary" onClick={() => act.mutate({ id: d.id, action: 'default' })} disabled={act.isPending}>
                              Make {d.domain} the default
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <p>
        <Link to="/senders">All sender mailboxes</Link>
      </p>
    </div>
  );
}
