import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { describeError, isApiError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { canAdminister, useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { ConfirmAction } from '../../components/ConfirmAction';
import { TableRegion } from '../../components/TableRegion';

interface Member {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'SUPER' | 'ADMIN' | 'MEMBER';
  joinedAt: string;
}

const RANK = { MEMBER: 0, ADMIN: 1, SUPER: 2 } as const;

/** A refused removal: the API's reason when it names one (the owner stays), else the role sentence. */
function removalError(error: unknown) {
  if (isApiError(error) && error.status === 403 && error.code === 'owner_cannot_be_removed') return 'The workspace owner cannot be removed.';
  return describeError(error, 'remove this member');
}

/** The workspace's members; SUPER and ADMIN invite and remove (a MEMBER sees the list only). */
export default function MembersPage() {
  const { workspace, me } = useWorkspace();
  const membersKey = workspaceKey(workspace.tenantId, 'members', 'list');
  const queryClient = useQueryClient();
  const admin = canAdminister(workspace);
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = useQuery({
    queryKey: membersKey,
    queryFn: ({ signal }) => api.get<{ data: Member[] }>('/api/tenants/members', { signal, query: { pageSize: 100 } }),
  });
  const invite = useMutation({
    mutationFn: (body: { email: string; role: string }) => api.post<{ email: string; role: string; expiresAt: string }>('/api/tenants/members', body),
    meta: { action: 'invite members' },
  });
  const remove = useMutation({
    mutationFn: (userId: string) => api.delete(`/api/tenants/members/${encodeURIComponent(userId)}`),
    meta: { action: 'remove this member' },
    onSuccess: () => (setConfirming(null), queryClient.invalidateQueries({ queryKey: membersKey })),
  });
  const errors = useFormErrors(invite.error, ['email', 'role'], 'invite members');
  // Only a SUPER grants SUPER; an ADMIN is offered the roles it may grant.
  const roles = (['MEMBER', 'ADMIN', 'SUPER'] as const).filter((r) => RANK[r] <= RANK[workspace.role]);
  const canRemove = (m: Member) => admin && m.email !== me.email && RANK[m.role] <= RANK[workspace.role];

  return (
    <div className="page">
      <h1>Members</h1>
      <p className="lead">
        People in the workspace <strong>{workspace.name}</strong>. Your role here: {workspace.role}.
      </p>
      {admin && (
        <section aria-labelledby="invite">
          <h2 id="invite">Invite someone</h2>
          <p>They get an email with a link that works for 7 days; they become a member when they accept it.</p>
          <form onSubmit={onSubmitValues((v) => invite.mutate({ email: String(v.email ?? ''), role: String(v.role ?? 'MEMBER') }))} noValidate>
            <FormErrors errors={errors.form} />
            <TextField name="email" label="Email" type="email" required errors={errors.byField.email} />
            <SelectField name="role" label="Role" options={roles.map((r) => ({ value: r, label: r }))} errors={errors.byField.role} />
            <SubmitButton pending={invite.isPending}>Send invitation</SubmitButton>
          </form>
          {invite.isSuccess && (
            <p className="notice notice-success" role="status">
              Invitation sent to {invite.data.email} as {invite.data.role}.
            </p>
          )}
        </section>
      )}
      <section aria-labelledby="member-list">
        <h2 id="member-list">Members</h2>
        {remove.error ? <FormErrors errors={[removalError(remove.error)]} /> : null}
        <QueryState query={list} label="the members">
          {(page) => (
            <TableRegion label="Members of the workspace">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Joined</th>
                    {admin && (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((m) => {
                    const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
                    return (
                      <tr key={m.userId}>
                        <td>{name}</td>
                        <td>{m.email}</td>
                        <td>{m.role}</td>
                        <td>{new Date(m.joinedAt).toLocaleDateString()}</td>
                        {admin && (
                          <td>
                            {canRemove(m) && (
                              <ConfirmAction
                                asking={confirming === m.userId}
                                onAsk={() => setConfirming(m.userId)}
                                onCancel={() => setConfirming(null)}
                                onConfirm={() => remove.mutate(m.userId)}
                                pending={remove.isPending}
                                action={`Remove ${m.email}`}
                                question={<>Remove {m.email} from the workspace?</>}
                              />
                            )}
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableRegion>
          )}
        </QueryState>
      </section>
    </div>
  );
}
