import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { LEAD_TYPE, LeadCard } from './LeadCard';
import { leadName, leadsKey, pipelinePath, pipelinesQuery, useSetInterest, type Lead } from './leads-api';

interface BoardStage {
  id: string;
  name: string;
  kind: string;
  leadCount: number;
  leads: Lead[];
}
interface Board {
  pipeline: { id: string; name: string; isDefault: boolean };
  stages: BoardStage[];
}

/**
 * The kanban board of one pipeline: the one in `?pipeline=`, else the default, else the first. The board
 * waits for the pipelines list when none is named, so a workspace without a default pipeline still sees one.
 */
export default function LeadsBoardPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const pipelines = useQuery(pipelinesQuery(t));
  const list = pipelines.data?.data;
  const pipelineId = params.get('pipeline') ?? (list?.find((p) => p.isDefault) ?? list?.[0])?.id;
  const board = useQuery({
    queryKey: workspaceKey(t, 'leads', 'kanban', { pipelineId }),
    queryFn: ({ signal }) => api.get<Board>('/api/leads/kanban', { signal, query: { pipelineId, pageSize: 50 } }),
    enabled: !!pipelineId,
  });
  const move = useMutation({
    mutationFn: ({ leadId, stageId }: { leadId: string; stageId: string }) => api.post(`/api/leads/${encodeURIComponent(leadId)}/move`, { stageId }),
    meta: { action: 'move leads' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsKey(t) }),
  });
  const setInterest = useSetInterest(t);

  const onDrop = (stageId: string) => (e: DragEvent) => {
    e.preventDefault();
    setDropTarget(null);
    const leadId = e.dataTransfer.getData(LEAD_TYPE);
    if (leadId) move.mutate({ leadId, stageId });
  };

  if (list && list.length === 0)
    return (
      <div className="page">
        <h1>Leads</h1>
        <p>
          This workspace has no pipeline yet. <Link to="/leads/pipelines">Create a pipeline</Link> to collect leads in its stages.
        </p>
      </div>
    );
  return (
    <div className="page page-wide">
      <h1>Leads</h1>
      <div className="toolbar board-toolbar">
        {list && list.length > 1 && (
          <div className="field field-inline">
            <label htmlFor="pipeline-choice">Pipeline</label>
            <select id="pipeline-choice" value={pipelineId ?? ''} onChange={(e) => setParams({ pipeline: e.currentTarget.value })}>
              {list.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.isDefault ? ' (default)' : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        {board.data && <Link to={pipelinePath(board.data.pipeline.id)}>Stages and automations of {board.data.pipeline.name}</Link>}
      </div>
      {move.error ? (
        <p className="error-text" role="alert">
          The lead was not moved: {describeError(move.error, 'move leads')}
        </p>
      ) : null}
      {setInterest.error ? (
        <p className="error-text" role="alert">
          The interest was not changed: {describeError(setInterest.error, 'change leads')}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {done}
      </p>
      <QueryState query={pipelines} label="the pipelines">
        {() => (
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
                          stageId={stage.id}
                          stages={b.stages}
                          pending={move.isPending || setInterest.isPending}
                          onMove={(stageId) => move.mutate({ leadId: lead.id, stageId })}
                          onSetInterest={(interest) =>
                            setInterest.mutate(
                              { leadId: lead.id, interest },
                              { onSuccess: (l) => setDone(`${leadName(lead)}: interest set to ${l.interest}.`) },
                            )
                          }
                        />
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            )}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}
