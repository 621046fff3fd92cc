import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { NewPipelineForm } from './NewPipelineForm';
import { boardPath, pipelinePath, pipelinesQuery } from './leads-api';

/** The workspace's pipelines (pipelines_list): their stages and leads, a way to each one's page and board, and a new one. */
export default function PipelinesPage() {
  const { workspace } = useWorkspace();
  const pipelines = useQuery(pipelinesQuery(workspace.tenantId));
  return (
    <div className="page">
      <h1>Pipelines</h1>
      <p className="lead">A pipeline is the stages a lead goes through. Automations run when a lead enters a stage.</p>
      <QueryState query={pipelines} label="the pipelines">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">No pipelines yet. Create one below.</p>
          ) : (
            <TableRegion label="Pipelines">
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Pipeline</th>
                    <th scope="col">Stages</th>
                    <th scope="col">Leads</th>
                    <th scope="col">Board</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((p) => (
                    <tr key={p.id}>
                      <td>
                        <Link to={pipelinePath(p.id)}>{p.name}</Link>
                        {p.isDefault ? ' (default)' : ''}
                      </td>
                      <td>{p.stages.map((s) => s.name).join(', ')}</td>
                      <td>{p.leadCount}</td>
                      <td>
                        <Link to={boardPath(p.id)}>
                          Board<span className="visually-hidden"> of {p.name}</span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )
        }
      </QueryState>
      <NewPipelineForm />
    </div>
  );
}
