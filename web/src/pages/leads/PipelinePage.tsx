import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import { leaveDeleted } from '../../api/leave-deleted';
import { describeError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { ConfirmAction } from '../../components/ConfirmAction';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { AddStageForm } from './AddStageForm';
import { AutomationForm } from './AutomationForm';
import { boardPath, leadsKey, pipelineQuery, usePipelineWrite, type Automation, type Pipeline } from './leads-api';
import { describeAction } from './pipeline-forms';

/** One pipeline (pipelines_get): its stages and automations, adding either, making it the default, deleting it. */
export default function PipelinePage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const pipeline = useQuery(pipelineQuery(workspace.tenantId, id));
  return (
    <div className="page">
      <QueryState query={pipeline} label="the pipeline">
        {(p) => (
          <>
            <h1>{p.name}</h1>
            <PipelineStatus pipeline={p} />
            <h2>Stages</h2>
            <StagesTable pipeline={p} automations={p.automations} />
            <AddStageForm pipeline={p} />
            <h2>Automations</h2>
            <AutomationList pipeline={p} automations={p.automations} />
            <AutomationForm pipeline={p} />
            <h2>Delete</h2>
            <DeletePipeline pipeline={p} />
          </>
        )}
      </QueryState>
      <p>
        <Link to="/leads/pipelines">All pipelines</Link>
      </p>
    </div>
  );
}

function PipelineStatus({ pipeline }: { pipeline: Pipeline }) {
  const { workspace } = useWorkspace();
  const makeDefault = usePipelineWrite(
    workspace.tenantId,
    () => api.post<Pipeline>(`/api/pipelines/${encodeURIComponent(pipeline.id)}/default`),
    'change pipelines',
  );
  return (
    <div className="actions">
      <Link to={boardPath(pipeline.id)}>Show it on the board</Link>
      {pipeline.isDefault ? (
        <span>The default pipeline: new leads go here.</span>
      ) : (
        <button type="button" className="secondary" disabled={makeDefault.isPending} onClick={() => makeDefault.mutate(undefined)}>
          Make it the default pipeline
        </button>
      )}
      {makeDefault.error ? (
        <p className="error-text" role="alert">
          {describeError(makeDefault.error, 'change pipelines')}
        </p>
      ) : null}
    </div>
  );
}

function StagesTable({ pipeline, automations }: { pipeline: Pipeline; automations: Automation[] }) {
  return (
    <TableRegion label={`Stages of ${pipeline.name}`}>
      <table className="data">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Stage</th>
            <th scope="col">Kind</th>
            <th scope="col">Leads</th>
            <th scope="col">Automations</th>
          </tr>
        </thead>
        <tbody>
          {pipeline.stages.map((s) => (
            <tr key={s.id}>
              <td>{s.position + 1}</td>
              <td>{s.name}</td>
              <td>{s.kind}</td>
              <td>{s.leadCount}</td>
              <td>{automations.filter((a) => a.stageId === s.id).length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** What pipelines_get returns of the automations (the API has no list of its own), grouped by the stage they watch. */
function AutomationList({ pipeline, automations }: { pipeline: Pipeline; automations: Automation[] }) {
  if (automations.length === 0) return <p className="muted">No automations yet. An automation runs its actions each time a lead enters its stage.</p>;
  return (
    <ul className="automations">
      {pipeline.stages
        .flatMap((s) => automations.filter((a) => a.stageId === s.id).map((a) => ({ a, stage: s.name })))
        .map(({ a, stage }) => (
          <li key={a.id}>
            <strong>{a.name || 'Unnamed automation'}</strong>: when a lead enters {stage}
            <ul>
              {a.actions.map((action, i) => (
                <li key={i}>{describeAction(action)}</li>
              ))}
            </ul>
          </li>
        ))}
    </ul>
  );
}

function DeletePipeline({ pipeline }: { pipeline: Pipeline }) {
  const { workspace } = useWorkspace();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.delete(`/api/pipelines/${encodeURIComponent(pipeline.id)}`),
    meta: { action: 'delete pipelines' },
    onSuccess: () => leaveDeleted(queryClient, { id: pipeline.id, area: leadsKey(workspace.tenantId), leave: () => navigate('/leads/pipelines') }),
  });
  if (pipeline.leadCount > 0)
    return (
      <p>
        It holds {pipeline.leadCount} {pipeline.leadCount === 1 ? 'lead' : 'leads'}: a pipeline can be deleted once it holds none.
      </p>
    );
  return (
    <>
      <p>Deleting removes the pipeline with its stages and automations.{pipeline.isDefault ? ' New leads then need another default pipeline.' : ''}</p>
      <ConfirmAction
        asking={asking}
        onAsk={() => setAsking(true)}
        onCancel={() => setAsking(false)}
        onConfirm={() => remove.mutate(undefined)}
        pending={remove.isPending}
        action={`Delete pipeline ${pipeline.name}`}
        question={<>Delete “{pipeline.name}” and its automations? This cannot be undone.</>}
      />
      {remove.error ? (
        <p className="error-text" role="alert">
          {describeError(remove.error, 'delete pipelines')}
        </p>
      ) : null}
    </>
  );
}
