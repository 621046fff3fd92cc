import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';

interface Pipeline {
  id: string;
  name: string;
  isDefault: boolean;
}
interface Lead {
  id: string;
  title: string | null;
  interest: string;
  status: string;
  contact?: { id: string; firstName?: string | null; lastName?: string | null; email?: string | null } | null;
}
interface Stage {
  id: string;
  name: string;
  kind: string;
  leadCount: number;
  leads: Lead[];
}
interface Board {
  pipeline: Pipeline;
  stages: Stage[];
}

/** The drag payload's type: only our own cards can be dropped on a column. */
const LEAD_TYPE = 'application/x-svc-lead';

export const leadName = (lead: Lead) =>
  lead.title || [lead.contact?.firstName, lead.contact?.lastName].filter(Boolean).join(' ') || lead.contact?.email || 'Untitled lead';

export default function LeadsBoardPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const pipelineId = params.get('pipeline') ?? undefined;
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  const pipelines = useQuery({
    queryKey: workspaceKey(t, 'leads', 'pipelines'),
    queryFn: ({ signal }) => api.get<{ data: Pipeline[] }>('/api/pipelines', { signal, query: { pageSize: 100 } }),
  });
  const board = useQuery({
    queryKey: workspaceKey(t, 'leads', 'kanban', { pipelineId }),
    queryFn: ({ signal }) => api.get<Board>('/api/leads/kanban', { signal, query: { pipelineId, pageSize: 50 } }),
  });
  const move = useMutation({
    mutationFn: ({ leadId, stageId }: { leadId: string; stageId: string }) => api.post(`/api/leads/${encodeURIComponent(leadId)}/move`, { stageId }),
    meta: { action: 'move leads' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'leads') }),
  });

  const onDrop = (stageId: string) => (e: DragEvent) => {
    e.preventDefault();
    setDropTarget(null);
    const leadId = e.dataTransfer.getData(LEAD_TYPE);
    if (leadId) move.mutate({ leadId, stageId });
  };

  return (
    <div className="page page-wide">
      <h1>Leads</h1>
      {pipelines.data && pipelines.data.data.length > 1 && (
        <div className="field field-inline">
          <label htmlFor="pipeline-choice">Pipeline</label>
          <select id="pipeline-choice" value={pipelineId ?? board.data?.pipeline.id ?? ''} onChange={(e) => setParams({ pipeline: e.currentTarget.value })}>
            {pipelines.data.data.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {move.error ? (
        <p className="error-text" role="alert">
          The lead was not moved: {describeError(move.error, 'move leads')}
        </p>
      ) : null}
      <QueryState query={board} label="the leads">
        {(b) => (
          <div className="kanban" aria-label={`Pipeline ${b.pipeline.name}`} role="region">
            {b.stages.map((stage) => (
              <section
                key={stage.id}
                className={dropTarget === stage.id ? 'kanban-column drop-target' : 'kanban-column'}
                aria-labelledby={`stage-${stage.id}`}
                onDragOver={(e) => {
                  if (!e.dataTransfer.types.includes(LEAD_TYPE)) return;
                  e.preventDefault();
                  setDropTarget(stage.id);
                }}
                onDragLeave={() => setDropTarget(null)}
                onDrop={onDrop(stage.id)}
              >
                <h2 id={`stage-${stage.id}`}>
                  {stage.name} <span className="muted">({stage.leadCount})</span>
                </h2>
                {stage.leads.length === 0 && <p className="muted">No leads</p>}
                <ul className="plain">
                  {stage.leads.map((lead) => (
                    <LeadCard
                      key={lead.id}
                      lead={lead}
                      stage={stage}
                      stages={b.stages}
                      pending={move.isPending}
                      onMove={(stageId) => move.mutate({ leadId: lead.id, stageId })}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}

function LeadCard({
  lead,
  stage,
  stages,
  pending,
  onMove,
}: {
  lead: Lead;
  stage: Stage;
  stages: Stage[];
  pending: boolean;
  onMove: (stageId: string) => void;
}) {
  const others = stages.filter((s) => s.id !== stage.id);
  const [target, setTarget] = useState(others[0]?.id ?? '');
  const name = leadName(lead);
  return (
    <li
      className="kanban-card"
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(LEAD_TYPE, lead.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <Link to={`/leads/${encodeURIComponent(lead.id)}`}>{name}</Link>
      {lead.contact?.email && lead.title && <p className="muted">{lead.contact.email}</p>}
      <p>
        Interest: <span className="figure-inline">{lead.interest}</span>
      </p>
      {others.length > 0 && (
        <div className="move-to">
          <label htmlFor={`move-${lead.id}`} className="visually-hidden">
            Move {name} to
          </label>
          <select id={`move-${lead.id}`} value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
            {others.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" disabled={pending || !target} onClick={() => onMove(target)} aria-label={`Move ${name}`}>
            Move
          </button>
        </div>
      )}
    </li>
  );
}
