/**
 * Query keys. Caller-level data (who is signed in, their workspaces) sits under `caller`; everything a
 * workspace owns sits under `workspaceKey(tenantId, area, ...)`, so that switching workspace never shows
 * one workspace's cached data in another, and `invalidateQueries({ queryKey: workspaceKey(id, 'crm') })`
 * refreshes one area.
 */
export const queryKeys = {
  me: ['caller', 'me'] as const,
  workspaces: ['caller', 'workspaces'] as const,
};

export const workspaceKey = (tenantId: string, area: string, ...rest: unknown[]) => ['workspace', tenantId, area, ...rest] as const;
