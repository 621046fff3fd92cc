import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { TableRegion } from '../../components/TableRegion';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form';
import { ActionError, useCampaignFormErrors } from './ActionError';
import { reasonInWords } from './campaign-words';
import { campaignKey, campaignPath, type Campaign, type Generation, type OperationalStatus, type SubmitResult } from './campaigns-api';

const STATES = ['NEW', 'SCREENED', 'SKIPPED', 'READY', 'CREATIVE_FAILED', 'SENT'];

/** Pour → screen → prepare (PLATFORM) or submit renders (BYOC), with the recipients per state. */
export function AudiencePanel({ campaign: c, ops }: { campaign: Campaign; ops: OperationalStatus | undefined }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKey(t, c.id) });
  const lists = useQuery({
    queryKey: workspaceKey(t, 'campaigns', 'contact-lists'),
    queryFn: ({ signal }) => api.get<{ data: { id: string; name: string }[] }>('/api/contact-lists', { signal, query: { pageSize: 100 } }),
  });
  const pour = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<{ added: number; noEmail: number; duplicate: number; inactiveChannel: number; notFound: number }>(campaignPath(c.id, '/pour'), body),
    meta: { action: 'pour audiences' },
    onSuccess: refresh,
  });
  const pourErrors = useCampaignFormErrors(pour.error, ['listId'], 'pour audiences');
  const screen = useMutation({
    mutationFn: () => api.post<{ screened: number; skipped: number; reasons: Record<string, number> }>(campaignPath(c.id, '/screen')),
    meta: { action: 'screen recipients' },
    onSuccess: refresh,
  });
  const counts = ops?.recipients ?? {};
  return (
    <section className="page-section" aria-labelledby="audience-heading">
      <h2 id="audience-heading">Audience</h2>
      <ul className="plain" aria-label="Recipients by state">
        {STATES.map((s) => (
          <li key={s}>
            {s}: <span className="figure-inline">{(counts[s] ?? 0).toLocaleString()}</span>
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={onSubmitValues((v) => pour.mutate(v.listId ? { listId: v.listId } : {}))}>
        <FormErrors errors={pourErrors.form} />
        <SelectField
          name="listId"
          label="Contact list to pour in"
          errors={pourErrors.byField.listId}
          options={(lists.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        />
        <SubmitButton pending={pour.isPending}>Pour the list</SubmitButton>
      </form>
      {pour.data && (
        <p role="status">
          Poured: {pour.data.added} added, {pour.data.duplicate} already in, {pour.data.noEmail} without an email, {pour.data.inactiveChannel} unusable,{' '}
          {pour.data.notFound} not found.
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={() => screen.mutate()} disabled={screen.isPending}>
          Screen new recipients
        </button>
      </div>
      {screen.data && (
        <p role="status">
          Screened {screen.data.screened}, skipped {screen.data.skipped}
          {Object.keys(screen.data.reasons).length
            ? ` (${Object.entries(screen.data.reasons)
                .map(([r, n]) => `${n} ${reasonInWords(r)}`)
                .join(', ')})`
            : ''}
          .
        </p>
      )}
      <ActionError error={screen.error} action="screen recipients" />
      {c.renderMode === 'PLATFORM' ? <Preparation campaign={c} ops={ops} onChange={refresh} /> : <Submission campaign={c} onChange={refresh} />}
    </section>
  );
}

/** PLATFORM: a bounded preparation in the background, polled every 2 s until it completes or fails. */
function Preparation({ campaign: c, ops, onChange }: { campaign: Campaign; ops: OperationalStatus | undefined; onChange: () => void }) {
  const { workspace } = useWorkspace();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => api.post<Generation>(campaignPath(c.id, '/preparations')),
    meta: { action: 'prepare campaigns' },
    onSuccess: (g) => setGenerationId(g.generationId),
  });
  const running = ops?.preparation;
  const current = generationId ?? (running?.status === 'running' ? running.generationId : null);
  const status = useQuery({
    queryKey: campaignKey(workspace.tenantId, c.id, 'preparation', current),
    queryFn: async ({ signal }) => {
      const g = await api.get<Generation>(campaignPath(c.id, `/preparations/${encodeURIComponent(current!)}`), { signal });
      if (g.status !== 'running') onChange();
      return g;
    },
    enabled: !!current,
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 2_000 : false),
  });
  const g = status.data;
  return (
    <div>
      <h3>Preparation (render and audit)</h3>
      <div className="actions">
        <button type="button" onClick={() => start.mutate()} disabled={start.isPending || g?.status === 'running'}>
          Prepare screened recipients
        </button>
      </div>
      {g && (
        <p role="status">
          Preparation {g.status}: {g.processed} processed, {g.ready} ready, {g.failed} failed{g.error ? ` — ${reasonInWords(g.error)}` : ''}.
        </p>
      )}
      <ActionError error={start.error} action="prepare campaigns" />
    </div>
  );
}

/** BYOC: a finished email for one SCREENED recipient, audited on submission; the results show the audit's categories. */
function Submission({ campaign: c, onChange }: { campaign: Campaign; onChange: () => void }) {
  const { workspace } = useWorkspace();
  const screened = useQuery({
    queryKey: campaignKey(workspace.tenantId, c.id, 'recipients', 'SCREENED'),
    queryFn: ({ signal }) =>
      api.get<{ data: { contactId: string; email: string }[] }>(campaignPath(c.id, '/recipients'), { signal, query: { status: 'SCREENED', limit: 100 } }),
  });
  const submit = useMutation({
    mutationFn: (email: Record<string, unknown>) => api.post<SubmitResult>(campaignPath(c.id, '/rendered-emails'), { emails: [email] }),
    meta: { action: 'submit rendered emails' },
    onSuccess: onChange,
  });
  const errors = useCampaignFormErrors(submit.error, ['emails', 'contactId', 'subject', 'html'], 'submit rendered emails');
  const rowError = (f: string) => [...(errors.byField[f] ?? []), ...(errors.byField.emails ?? []).filter((m) => m.startsWith(`emails.0.${f}`))];
  return (
    <div>
      <h3>Submit a finished email (BYOC)</h3>
      <form noValidate onSubmit={onSubmitValues((v) => submit.mutate({ contactId: v.contactId, subject: v.subject, html: v.html }))}>
        <FormErrors errors={errors.form} />
        <SelectField
          name="contactId"
          label="Screened recipient"
          errors={rowError('contactId')}
          options={(screened.data?.data ?? []).map((r) => ({ value: r.contactId, label: r.email }))}
        />
        <TextField name="subject" label="Subject" errors={rowError('subject')} />
        <TextAreaField name="html" label="HTML body" rows={5} errors={rowError('html')} />
        <SubmitButton pending={submit.isPending}>Submit for audit</SubmitButton>
      </form>
      {submit.data && (
        <TableRegion label="Audit results">
          <table className="data">
            <caption>
              Audit results: {submit.data.accepted} accepted, {submit.data.rejected} rejected
            </caption>
            <thead>
              <tr>
                <th scope="col">Recipient</th>
                <th scope="col">Result</th>
                <th scope="col">Audit categories</th>
              </tr>
            </thead>
            <tbody>
              {submit.data.results.map((r) => (
                <tr key={r.contactId}>
                  <td>{screened.data?.data.find((s) => s.contactId === r.contactId)?.email ?? r.contactId}</td>
                  <td>
                    {r.status}
                    {r.reason ? ` (${reasonInWords(r.reason)})` : ''}
                  </td>
                  <td>{r.auditCategories.length ? r.auditCategories.join(', ') : 'none'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  );
}
