import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextField } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { useCampaignFormErrors, ActionError } from './ActionError';
import { gateInWords, reasonInWords } from './campaign-words';
import { campaignKey, campaignPath, readinessQuery, type Campaign, type TestTask } from './campaigns-api';

/** sendReadiness as a checklist of gates, the window, then the send itself and the owner-address test. */
export function ReadinessPanel({ campaign: c }: { campaign: Campaign }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const readiness = useQuery(readinessQuery(t, c));
  const send = useMutation({
    mutationFn: (limit: number) => api.post<{ queued?: number }>(campaignPath(c.id, '/send'), { limit }),
    meta: { action: 'send campaigns' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKey(t, c.id) }),
  });
  const sendErrors = useCampaignFormErrors(send.error, ['limit'], 'send campaigns');
  return (
    <section className="page-section" aria-labelledby="readiness-heading">
      <h2 id="readiness-heading">Send readiness</h2>
      <QueryState query={readiness} label="the send gates">
        {(r) => (
          <>
            <p>
              <strong>
                {r.ready ? 'Ready to send: every gate passes.' : `Not ready: ${r.blockers.length} gate${r.blockers.length === 1 ? '' : 's'} blocking.`}
              </strong>
            </p>
            <ul className="plain checklist" aria-label="Send gates">
              {r.gates.map((g) => (
                <li key={g.gate}>
                  <span aria-hidden="true">{g.ok ? '✓' : '✗'}</span> <span className="visually-hidden">{g.ok ? 'Passed:' : 'Blocking:'}</span> {gateInWords(g)}
                  {g.ok ? null : <span className="error-text"> — {reasonInWords(g.reasonCode ?? g.gate)}</span>}
                </li>
              ))}
            </ul>
            <p>
              Send window ({r.effective.sendWindow.source}):{' '}
              {r.effective.sendWindow.windowOpen
                ? 'open now'
                : r.effective.sendWindow.nextOpenAt
                  ? `closed; opens at ${new Date(r.effective.sendWindow.nextOpenAt).toLocaleString()}`
                  : 'closed'}
              .
            </p>
            {r.trackingDomain?.advice && <p className="muted">{r.trackingDomain.advice}</p>}
            {r.placement?.advice && <p className="muted">{r.placement.advice}</p>}
          </>
        )}
      </QueryState>
      <h3>Send to recipients</h3>
      <form noValidate onSubmit={onSubmitValues((v) => send.mutate(Number(v.limit)))}>
        <FormErrors errors={sendErrors.form} />
        <TextField
          name="limit"
          label="How many READY recipients to send to"
          type="number"
          min={1}
          max={10000}
          defaultValue="1"
          hint="Send by measurement: start with 1, read the metrics, then send more."
          errors={sendErrors.byField.limit}
        />
        <SubmitButton pending={send.isPending}>Send</SubmitButton>
      </form>
      {send.isSuccess && <p role="status">Handed to the send engine: {send.data.queued ?? 0} queued.</p>}
      <OwnerTest campaign={c} />
    </section>
  );
}

const TEST_FINAL = ['sent', 'bounced', 'failed'];

/** One email to the verified owner address: never an audience row, never a bypass of a gate. */
function OwnerTest({ campaign: c }: { campaign: Campaign }) {
  const { workspace } = useWorkspace();
  // One request key per page visit: a repeated click answers the same test instead of sending another.
  const [requestKey] = useState(() => crypto.randomUUID());
  const create = useMutation({
    mutationFn: () => api.post<TestTask>(campaignPath(c.id, '/test-tasks'), { requestKey }),
    meta: { action: 'send test emails' },
  });
  const taskId = create.data?.taskId;
  const status = useQuery({
    queryKey: campaignKey(workspace.tenantId, c.id, 'test-task', taskId),
    queryFn: ({ signal }) => api.get<TestTask>(campaignPath(c.id, `/test-tasks/${encodeURIComponent(taskId!)}`), { signal }),
    enabled: !!taskId,
    refetchInterval: (q) => (TEST_FINAL.includes(q.state.data?.decision.reasonCode ?? '') ? false : 2_000),
  });
  const test = status.data ?? create.data;
  return (
    <div>
      <h3>Test to your own address</h3>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => create.mutate()} disabled={create.isPending}>
          Send a test to my address
        </button>
      </div>
      {test && (
        <p role="status">
          Test to {test.to ?? 'your verified address'}: {test.status ? `${test.status}, ` : ''}
          {reasonInWords(test.decision.reasonCode)}
          {test.retryAt ? `, retried at ${new Date(test.retryAt).toLocaleString()}` : ''}.
        </p>
      )}
      <ActionError error={create.error} action="send test emails" />
    </div>
  );
}
