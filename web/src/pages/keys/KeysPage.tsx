import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { CheckboxField, FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { ConfirmAction } from '../../components/ConfirmAction';
import { TableRegion } from '../../components/TableRegion';
import { CopyButton } from './CopyButton';
import { McpSetup } from './McpSetup';

/**
 * The scopes a key can hold. A mirror of shared/platform/registry/scopes.ts (the app builds from web/ only, and
 * the agent card lists each capability's scope but not what a scope means): keep the two in step.
 */
const SCOPES: { scope: string; label: string }[] = [
  { scope: 'crm:read', label: 'Read companies, contacts, lists, leads and pipelines' },
  { scope: 'crm:write', label: 'Create and change companies, contacts, lists, leads, pipelines, suppression and DSAR' },
  { scope: 'accounts:read', label: 'Read sender mailboxes, their DNS, relay health and the deliverability matrix' },
  { scope: 'accounts:write', label: 'Connect and manage sender mailboxes' },
  { scope: 'creatives:read', label: 'Read creatives, previews, PDFs, test sends, placement tests and briefs' },
  { scope: 'creatives:write', label: 'Create and edit creatives' },
  { scope: 'tasks:read', label: 'Read tasks, their send items and progress' },
  { scope: 'tasks:write', label: 'Create and start tasks' },
  { scope: 'mailing:write', label: 'Approve mailings (an agent may approve its own tasks)' },
  { scope: 'dialogs:write', label: 'Send replies' },
  { scope: 'webhooks:read', label: 'Read webhook subscriptions and deliveries' },
  { scope: 'webhooks:write', label: 'Create and manage webhook subscriptions and connector tokens' },
  { scope: 'agent:read', label: 'Agent guidance and capability receipts' },
  { scope: 'workspace:read', label: 'Read workspace settings, balance, legal documents and acceptances' },
  { scope: 'workspace:write', label: 'Change workspace settings, record legal acceptances, notes' },
  { scope: 'keys:write', label: "Create and revoke the account's API keys (never wider than the key's own scopes)" },
];

interface ApiKey {
  id: string;
  name: string | null;
  scopes: string[];
  keyHint: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: 'ACTIVE' | 'REVOKED';
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

export default function KeysPage() {
  const { workspace } = useWorkspace();
  const keysKey = workspaceKey(workspace.tenantId, 'keys', 'list');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = useQuery({ queryKey: keysKey, queryFn: ({ signal }) => api.get<{ data: ApiKey[] }>('/api/keys', { signal, query: { pageSize: 100 } }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keysKey });
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: string[] }) => api.post<ApiKey & { key: string }>('/api/keys', body),
    meta: { action: 'create keys' },
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete<ApiKey>(`/api/keys/${encodeURIComponent(id)}`),
    meta: { action: 'revoke this key' },
    onSuccess: () => (setConfirming(null), refresh()),
  });
  const errors = useFormErrors(create.error, ['name', 'scopes'], 'create keys');

  const submit = onSubmitValues((v) => {
    const scopes = SCOPES.filter((s) => v[`scope:${s.scope}`] === true).map((s) => s.scope);
    create.mutate({ name: String(v.name ?? ''), scopes });
  });

  return (
    <div className="page">
      <h1>Keys and agents</h1>
      <p className="lead">An agent works with its own key. Give each key only the scopes its work needs; revoke it when the agent is retired.</p>

      <section aria-labelledby="new-key">
        <h2 id="new-key">New key</h2>
        <form onSubmit={submit} noValidate>
          <FormErrors errors={errors.form} />
          <TextField name="name" label="Key name" hint="What the key is for, e.g. “CRM research agent”." required errors={errors.byField.name} />
          <fieldset className="scope-picker">
            <legend>Scopes</legend>
            {errors.byField.scopes && <p className="field-error">{errors.byField.scopes.join(' ')}</p>}
            {SCOPES.map((s) => (
              <CheckboxField key={s.scope} name={`scope:${s.scope}`} label={`${s.scope}: ${s.label}`} />
            ))}
          </fieldset>
          <SubmitButton pending={create.isPending}>Create key</SubmitButton>
        </form>
        {create.data && (
          <div className="notice notice-success secret" role="status">
            <p>
              Key “{create.data.name}” is ready. Copy the secret now: it is <strong>shown only this once</strong>.
            </p>
            <code className="secret-value">{create.data.key}</code> <CopyButton text={create.data.key} label="Copy key" />
          </div>
        )}
      </section>

      <section aria-labelledby="key-list">
        <h2 id="key-list">Your keys</h2>
        {revoke.error ? <FormErrors errors={[describeError(revoke.error, 'revoke this key')]} /> : null}
        <QueryState query={list} label="the keys">
          {(page) => (
            <TableRegion label="Your keys">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Ends in</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((k) => {
                    const name = k.name ?? 'Signup key';
                    return (
                      <tr key={k.id}>
                        <td>{name}</td>
                        <td>{k.keyHint ?? ''}</td>
                        <td>{k.scopes.join(', ')}</td>
                        <td>{when(k.lastUsedAt)}</td>
                        <td>{k.status === 'ACTIVE' ? 'Active' : `Revoked ${when(k.revokedAt)}`}</td>
                        <td>
                          {k.status === 'ACTIVE' && (
                            <ConfirmAction
                              asking={confirming === k.id}
                              onAsk={() => setConfirming(k.id)}
                              onCancel={() => setConfirming(null)}
                              onConfirm={() => revoke.mutate(k.id)}
                              pending={revoke.isPending}
                              action={`Revoke ${name}`}
                              question={<>Revoke “{name}”? Agents using it stop at once.</>}
                            />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableRegion>
          )}
        </QueryState>
      </section>

      <McpSetup />
    </div>
  );
}
