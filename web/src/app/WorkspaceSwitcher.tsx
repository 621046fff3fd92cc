import { useId } from 'react';
import { useWorkspace } from './workspace';

/** Which workspace the app acts in (X-Tenant-Id). A person in one workspace just sees its name. */
export function WorkspaceSwitcher() {
  const { workspace, workspaces, switchTo } = useWorkspace();
  const id = useId();
  if (workspaces.length < 2)
    return (
      <span className="workspace-name">
        <span className="visually-hidden">Workspace: </span>
        {workspace.name}
      </span>
    );
  return (
    <span className="workspace-switcher">
      <label htmlFor={id}>Workspace</label>
      <select id={id} value={workspace.tenantId} onChange={(e) => switchTo(e.target.value)}>
        {workspaces.map((w) => (
          <option key={w.tenantId} value={w.tenantId}>
            {w.name} ({w.role.toLowerCase()})
          </option>
        ))}
      </select>
    </span>
  );
}
