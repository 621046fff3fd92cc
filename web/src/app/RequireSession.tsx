import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { setApiTenant } from '../api/client';
import { hasStatus, isNetworkError } from '../api/errors';
import { meQuery, workspacesQuery, type Me } from '../api/session';
import { signInPath } from './paths';
import { PublicFrame } from './PublicLayout';
import { LogoutButton } from './LogoutButton';
import { pickWorkspace, rememberWorkspace, rememberedWorkspace, WorkspaceContext } from './workspace';

/**
 * The gate of every workspace page: no session → sign-in (this page kept as `next`); a registration
 * still pending → where it stands; otherwise the workspace to act in (X-Tenant-Id) for the shell.
 */
export function RequireSession() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const active = me.data?.status === 'ACTIVE';
  // Asked together with /v1/me, not after it: one round trip less before any page can ask for its data
  // (the companies page with 10,000 companies: issue 23's ≤ 1 s). Its answer counts only for an ACTIVE account.
  const workspaces = useQuery({ ...workspacesQuery, meta: { signInRedirect: false } });
  const [chosen, setChosen] = useState(rememberedWorkspace);
  const workspace = workspaces.data ? pickWorkspace(workspaces.data, chosen) : undefined;
  // Set before the children render, so their first request already carries the right X-Tenant-Id.
  setApiTenant(workspace?.tenantId);

  const switchTo = useCallback(
    (tenantId: string) => {
      rememberWorkspace(tenantId);
      setApiTenant(tenantId);
      setChosen(tenantId);
      void queryClient.invalidateQueries({ queryKey: ['workspace', tenantId] });
    },
    [queryClient],
  );
  const context = useMemo(
    () => (me.data && workspace && workspaces.data ? { me: me.data, workspace, workspaces: workspaces.data, switchTo } : null),
    [me.data, workspace, workspaces.data, switchTo],
  );

  if (hasStatus(me.error, 401) || (active && hasStatus(workspaces.error, 401)))
    return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  const failed = me.error ?? (active ? workspaces.error : null);
  if (failed) return <LoadFailed offline={isNetworkError(failed)} retry={() => (void me.refetch(), void workspaces.refetch())} />;
  if (me.data && !active) return <AccountNotActive me={me.data} />;
  if (!context) {
    if (workspaces.data && workspaces.data.length === 0) return <AccountNotActive me={me.data!} />;
    return <Loading />;
  }
  return (
    <WorkspaceContext.Provider value={context}>
      <Outlet />
    </WorkspaceContext.Provider>
  );
}

function Loading() {
  return (
    <PublicFrame>
      <p role="status">Loading…</p>
    </PublicFrame>
  );
}

function LoadFailed({ offline, retry }: { offline: boolean; retry: () => void }) {
  return (
    <PublicFrame>
      <h1>{offline ? 'No connection' : 'The service had a problem'}</h1>
      <p role="alert">{offline ? 'The service cannot be reached right now.' : 'Your account could not be loaded.'}</p>
      <button type="button" onClick={retry}>
        Retry
      </button>
    </PublicFrame>
  );
}

const STATE_WORDS: Record<string, string> = {
  pending:
    'Open the verification link we emailed you. If your address could not be checked automatically, the link leads to a short questionnaire; an administrator then reviews it and we email you.',
  awaiting_email_confirm: 'Open the confirmation link we emailed you.',
  awaiting_agreement: 'Accept the terms from the link we emailed you.',
  awaiting_admin_approval: 'Your registration is waiting for an administrator to approve it. We email you when it is approved.',
};

function AccountNotActive({ me }: { me: Me }) {
  return (
    <PublicFrame>
      <h1>Your account is not active yet</h1>
      <p>
        Signed in as <strong>{me.email}</strong>. Status: {me.status ?? 'unknown'}
        {me.state ? ` (${me.state.replace(/_/g, ' ')})` : ''}.
      </p>
      <p>{(me.state && STATE_WORDS[me.state]) ?? 'The workspace opens once the registration is approved.'}</p>
      <LogoutButton />
    </PublicFrame>
  );
}
