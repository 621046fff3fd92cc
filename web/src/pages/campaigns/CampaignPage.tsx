import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { ActionError } from './ActionError';
import { ActivityPanel } from './ActivityPanel';
import { AudiencePanel } from './AudiencePanel';
import { aiRecoveryInWords, reasonInWords, statusInWords } from './campaign-words';
import { campaignKey, campaignPath, isLive, LIVE_POLL_MS, readinessQuery, type AiRecovery, type Campaign, type OperationalStatus } from './campaigns-api';
import { EditPanel } from './EditPanel';
import { GeoRiskPanel } from './GeoRiskPanel';
import { ManualConfirmPanel } from './ManualConfirmPanel';
import { MetricsPanel } from './MetricsPanel';
import { OutboxPanel } from './OutboxPanel';
import { ReadinessPanel } from './ReadinessPanel';

export default function CampaignPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const campaign = useQuery({
    queryKey: campaignKey(t, id, 'campaign'),
    queryFn: ({ signal }) => api.get<Campaign>(campaignPath(id), { signal }),
    refetchInterval: (q) => (isLive(q.state.data) ? LIVE_POLL_MS : false),
    meta: { action: 'see campaigns' },
  });
  // The reads that scan every recipient (series, geo risk, the outbox's waiting sends) wait until the
  // campaign and its gates are shown: the browser's six connections go to what makes the page usable first.
  const readiness = useQuery({ ...readinessQuery(t, campaign.data ?? ({ id, status: 'DRAFT' } as Campaign)), enabled: campaign.isSuccess });
  const heavy = readiness.isSuccess;
  const ops = useQuery({
    queryKey: campaignKey(t, id, 'operational-status'),
    queryFn: ({ signal }) => api.get<OperationalStatus>(campaignPath(id, '/operational-status'), { signal }),
    refetchInterval: () => (isLive(campaign.data) ? LIVE_POLL_MS : false),
    enabled: heavy,
  });
  return (
    <div className="page page-wide">
      <p>
        <Link to="/campaigns">All campaigns</Link>
      </p>
      <QueryState query={campaign} label="the campaign">
        {(c) => (
          <>
            <h1>{c.name}</h1>
            <Header campaign={c} />
            <EditPanel campaign={c} />
            <AudiencePanel campaign={c} ops={ops.data} />
            <ManualConfirmPanel campaign={c} defer={!heavy} />
            <ReadinessPanel campaign={c} />
            <MetricsPanel campaign={c} deferSeries={!heavy} />
            <GeoRiskPanel campaign={c} defer={!heavy} />
            <OutboxPanel campaign={c} ops={ops.data} />
            <ActivityPanel campaign={c} />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** State in words, and the actions that change it: resume and retry AI failures (pause sits with the activity log, where its note shows). */
function Header({ campaign: c }: { campaign: Campaign }) {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKey(workspace.tenantId, c.id) });
  const resume = useMutation({
    mutationFn: () => api.post<Campaign & { aiRecovery: AiRecovery }>(campaignPath(c.id, '/resume')),
    meta: { action: 'resume campaigns' },
    onSuccess: refresh,
  });
  const retry = useMutation({
    mutationFn: () => api.post<AiRecovery>(campaignPath(c.id, '/retry-ai-failures')),
    meta: { action: 'retry AI failures' },
    onSuccess: refresh,
  });
  const recovery = retry.data ?? resume.data?.aiRecovery;
  return (
    <section aria-labelledby="state-heading">
      <h2 id="state-heading" className="visually-hidden">
        State
      </h2>
      <dl className="details">
        <dt>State</dt>
        <dd>
          <strong>{c.status}</strong> — {statusInWords(c)}
        </dd>
        <dt>Copy</dt>
        <dd>{c.renderMode === 'BYOC' ? 'Own renders (BYOC): you submit each finished email' : 'Rendered by the platform with AI'}</dd>
        {c.operationalState === 'DEGRADED' && (
          <>
            <dt>Degraded</dt>
            <dd>
              {reasonInWords(c.primaryBlocker ?? 'AI_STAGES_HALTED')}
              {c.pipeline?.retryAt ? `; retried by itself at ${new Date(c.pipeline.retryAt).toLocaleString()}` : ''}
            </dd>
          </>
        )}
        <dt>Audit iterations</dt>
        <dd>{c.auditIterations.toLocaleString()}</dd>
      </dl>
      <div className="actions">
        {c.status === 'PAUSED' && (
          <button type="button" onClick={() => resume.mutate()} disabled={resume.isPending}>
            Resume campaign
          </button>
        )}
        <button type="button" className="secondary" onClick={() => retry.mutate()} disabled={retry.isPending}>
          Retry AI failures
        </button>
      </div>
      {resume.isSuccess && <p role="status">Resumed: the campaign is {resume.data.status}.</p>}
      {recovery && <p role="status">{aiRecoveryInWords(recovery)}</p>}
      <ActionError error={resume.error} action="resume campaigns" />
      <ActionError error={retry.error} action="retry AI failures" />
    </section>
  );
}
