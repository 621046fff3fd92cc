import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { InterestForm } from './InterestForm';
import { boardPath } from './leads-api';
import { ReplyDraft } from './ReplyDraft';

interface Dossier {
  lead: {
    id: string;
    title: string | null;
    status: string;
    interest: string;
    source: string;
    sourceRef: string | null;
    value: unknown;
    currency: string | null;
    createdAt: string;
    stageEnteredAt: string;
  };
  /** null when the pipeline or stage was deleted. */
  pipeline: { id: string; name: string } | null;
  stage: { id: string; name: string; kind: string } | null;
  contact?: { firstName?: string | null; lastName?: string | null; email?: string | null; position?: string | null } | null;
  company?: { id: string; name: string; domain?: string | null } | null;
  activity?: { id: string; kind: string; createdAt: string; note?: string; from?: string; to?: string; title?: string; name?: string }[];
}

const when = (iso: string) => new Date(iso).toLocaleString();

export default function LeadDossierPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const dossier = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'leads', 'dossier', id),
    queryFn: ({ signal }) => api.get<Dossier>(`/api/leads/${encodeURIComponent(id)}/dossier`, { signal }),
  });
  return (
    <div className="page">
      <QueryState query={dossier} label="the lead">
        {(d) => {
          const person = [d.contact?.firstName, d.contact?.lastName].filter(Boolean).join(' ');
          return (
            <>
              <h1>{d.lead.title || person || d.contact?.email || 'Lead'}</h1>
              <dl className="summary">
                <dt>Pipeline</dt>
                <dd>{d.pipeline ? <Link to={boardPath(d.pipeline.id)}>{d.pipeline.name}</Link> : 'deleted'}</dd>
                <dt>Stage</dt>
                <dd>
                  {d.stage?.name ?? 'deleted'} ({d.lead.status}) since {when(d.lead.stageEnteredAt)}
                </dd>
                <dt>Interest</dt>
                <dd>{d.lead.interest}</dd>
                <dt>Contact</dt>
                <dd>{[person, d.contact?.position, d.contact?.email].filter(Boolean).join(', ') || 'none'}</dd>
                <dt>Company</dt>
                <dd>{d.company ? [d.company.name, d.company.domain].filter(Boolean).join(', ') : 'none'}</dd>
              </dl>
              <InterestForm leadId={d.lead.id} current={d.lead.interest} />
              {d.lead.source === 'dialog' && d.lead.sourceRef && <ReplyDraft dialogId={d.lead.sourceRef} />}
              <h2>Activity</h2>
              {d.activity?.length ? (
                <ul className="plain">
                  {d.activity.map((a) => (
                    <li key={a.id}>
                      {when(a.createdAt)}: {a.kind}
                      {a.kind === 'interest' && a.to ? ` ${a.from ?? ''} → ${a.to}` : ''}
                      {a.title ? ` “${a.title}”` : ''}
                      {a.kind === 'event' && a.name ? ` ${a.name}` : ''}
                      {a.note ? `: ${a.note}` : ''}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">No activity yet.</p>
              )}
            </>
          );
        }}
      </QueryState>
      <p>
        <Link to="/leads">Back to the board</Link>
      </p>
    </div>
  );
}
