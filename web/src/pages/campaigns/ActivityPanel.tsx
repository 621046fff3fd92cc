import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextField } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { useCampaignFormErrors } from './ActionError';
import { activityInWords, actorInWords, reasonInWords } from './campaign-words';
import { campaignKey, campaignPath, isLive, LIVE_POLL_MS, type Activity, type Campaign } from './campaigns-api';

/** Who did what and why, newest first; pausing (with a note that shows here) sits beside it. */
export function ActivityPanel({ campaign: c }: { campaign: Campaign }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const log = useQuery({
    queryKey: campaignKey(t, c.id, 'activity'),
    queryFn: ({ signal }) => api.get<{ data: Activity[]; nextCursor: string | null }>(campaignPath(c.id, '/activity'), { signal, query: { limit: 50 } }),
    refetchInterval: isLive(c) ? LIVE_POLL_MS : false,
  });
  const pause = useMutation({
    mutationFn: (note: string | undefined) => api.post(campaignPath(c.id, '/pause'), note ? { note } : {}),
    meta: { action: 'pause campaigns' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKey(t, c.id) }),
  });
  const errors = useCampaignFormErrors(pause.error, ['note'], 'pause campaigns');
  return (
    <section className="page-section" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      {c.status === 'ACTIVE' && (
        <form noValidate onSubmit={onSubmitValues((v) => pause.mutate(typeof v.note === 'string' ? v.note : undefined))}>
          <FormErrors errors={errors.form} />
          <TextField name="note" label="Why pause (optional, shown in the log)" maxLength={500} errors={errors.byField.note} />
          <SubmitButton pending={pause.isPending}>Pause campaign</SubmitButton>
        </form>
      )}
      <QueryState query={log} label="the activity">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">Nothing yet.</p>
          ) : (
            <ol className="plain activity-log" aria-label="Activity, newest first">
              {page.data.map((a) => (
                <li key={a.id}>
                  <time dateTime={a.at}>{new Date(a.at).toLocaleString()}</time>: <strong>{activityInWords(a.action)}</strong> by {actorInWords(a.actor)}
                  {a.reason ? `, ${reasonInWords(a.reason)}` : ''}
                  {typeof a.detail.note === 'string' ? <> — “{a.detail.note}”</> : null}
                  {Array.isArray(a.detail.fields) ? ` (${a.detail.fields.join(', ')})` : ''}
                  {typeof a.detail.evidence === 'string' ? <> — consent evidence: “{a.detail.evidence}”</> : null}
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
    </section>
  );
}
