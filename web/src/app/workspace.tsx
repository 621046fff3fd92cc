import { createContext, useContext } from 'react';
import type { Me, Workspace } from '../api/session';

/** The signed-in person and the workspace they act in (the shell provides it to every workspace page). */
export interface WorkspaceContextValue {
  me: Me;
  workspace: Workspace;
  workspaces: Workspace[];
  switchTo(tenantId: string): void;
}

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace outside the app shell');
  return value;
}

/** Roles that may manage the workspace (members, keys, settings); a MEMBER does not see those controls. */
export const canAdminister = (w: Workspace) => w.role === 'SUPER' || w.role === 'ADMIN';

const STORAGE_KEY = 'svc.workspace';

/** The chosen workspace id survives a reload (it is not a credential: the cookie is). */
export const rememberedWorkspace = () => {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};
export const rememberWorkspace = (tenantId: string) => {
  try {
    localStorage.setItem(STORAGE_KEY, tenantId);
  } catch {
    // Storage may be disabled; the default workspace is used after a reload then.
  }
};

/** Which workspace to act in: the remembered one if still a member, else the default, else the first. */
export function pickWorkspace(list: Workspace[], remembered: string | undefined): Workspace | undefined {
  return list.find((w) => w.tenantId === remembered) ?? list.find((w) => w.isDefault) ?? list[0];
}
