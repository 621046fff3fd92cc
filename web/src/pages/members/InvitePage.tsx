import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { describeError, hasStatus } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';

interface Invitation {
  tenantId: string;
  workspaceName: string;
  role: string;
  expiresAt: string;
  alreadyMember: boolean;
}

/**
 * Where the invitation email's link lands (/app/invite?token=…). The session gate has already asked the
 * person to sign in (or register) with this page kept; the page shows the workspace and the role, and
 * accepts through the public operation. An invitation that is used, expired or someone else's is said
 * so in words (the API's one 404), not as a missing page.
 */
export default function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { me, switchTo } = useWorkspace();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api.get<Invitation>('/api/tenants/invitations/preview', { signal, query: { token }, noTenant: true }),
    enabled: token.length > 0,
    throwOnError: false,
    staleTime: Infinity,
  });
  const accept = useMutation({
    mutationFn: () => api.post<{ tenantId: string; role: string }>('/api/tenants/invitations/accept', { token }, { noTenant: true }),
    meta: { action: 'accept this invitation' },
    onSuccess: async (joined) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces });
      switchTo(joined.tenantId);
    },
  });

  const gone = !token || hasStatus(preview.error, 404) || hasStatus(preview.error, 400) || hasStatus(accept.error, 404);
  return (
    <div className="page page-narrow">
      <h1>Workspace invitation</h1>
      {gone ? (
        <p className="error-text" role="alert">
          This invitation cannot be used: it was already accepted, it expired, or it was sent to another account than yours ({me.email}). Ask the person who
          invited you to send a new one.
        </p>
      ) : preview.isPending ? (
        <p role="status">Loading the invitation…</p>
      ) : preview.isError ? (
        <p className="error-text" role="alert">
          The invitation could not be loaded: {describeError(preview.error, 'see this invitation')}
        </p>
      ) : accept.isSuccess || preview.data.alreadyMember ? (
        <div className="notice notice-success" role="status">
          <p>
            You are a member of <strong>{preview.data.workspaceName}</strong>
            {accept.isSuccess ? ` as ${accept.data.role}` : ''}.
          </p>
          <p>
            <Link to="/">Open the workspace</Link>
          </p>
        </div>
      ) : (
        <>
          <p>
            You were invited to join the workspace <strong>{preview.data.workspaceName}</strong> as <strong>{preview.data.role}</strong>. Nothing changes unless
            you accept. The invitation is valid until {new Date(preview.data.expiresAt).toLocaleString()}.
          </p>
          {accept.isError && (
            <p className="error-text" role="alert">
              {describeError(accept.error, 'accept this invitation')}
            </p>
          )}
          <button type="button" onClick={() => accept.mutate()} disabled={accept.isPending}>
            Join {preview.data.workspaceName}
          </button>
        </>
      )}
    </div>
  );
}
