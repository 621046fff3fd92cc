import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { DnsSection } from './DnsSection';
import { RelayHealthSection } from './RelayHealthSection';
import {
  accountQuery,
  connectionInWords,
  formatTime,
  relayHealthQuery,
  sendersKey,
  SUSPENDED_REASON,
  type ConnectionResult,
  type ConnectionSide,
  type EmailAccount,
} from './senders-api';
import { StateBadge } from './VerdictBadge';
import { WarmupSection } from './WarmupSection';

/** One sender mailbox: state, suspend/resume, the login test, DNS verdicts, warm-up and relay health. */
export default function SenderPage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const account = useQuery({ ...accountQuery(workspace.tenantId, id), meta: { action: 'see sender mailboxes' } });
  return (
    <div className="page">
      <QueryState query={account} label="the mailbox">
        {(a) => <Sender account={a} />}
      </QueryState>
      <p>
        <Link to="/senders">All sender mailboxes</Link>
      </p>
    </div>
  );
}

function Sender({ account: a }: { account: EmailAccount }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const health = useQuery({ ...relayHealthQuery(t, a.id), meta: { action: 'see relay health' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sendersKey(t) });
  const path = `/api/email-accounts/${encodeURIComponent(a.id)}`;
  const toggle = useMutation({
    mutationFn: (suspend: boolean) => api.post<EmailAccount>(`${path}/${suspend ? 'suspend' : 'resume'}`),
    meta: { action: 'suspend or resume mailboxes' },
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: () => api.post<ConnectionResult>(`${path}/test-connection`),
    meta: { action: 'test mailboxes' },
    onSuccess: refresh,
  });
  return (
    <>
      <h1>{a.name}</h1>
      <p className="lead">
        {a.email} · {a.auth === 'oauth' ? `OAuth (${a.provider ?? 'provider'})` : 'Application password'}
      </p>
      <section aria-labelledby="state-heading">
        <h2 id="state-heading">State</h2>
        <p>
          {a.status === 'ACTIVE' ? (
            <StateBadge tone="pass">Active</StateBadge>
          ) : (
            <>
              <StateBadge tone="fail">Suspended</StateBadge> {SUSPENDED_REASON[a.suspendedReason ?? ''] ?? a.suspendedReason}
            </>
          )}
        </p>
        <div className="actions">
          {a.status === 'ACTIVE' ? (
            <button type="button" className="danger" onClick={() => toggle.mutate(true)} disabled={toggle.isPending}>
              Suspend sending
            </button>
          ) : (
            <button type="button" onClick={() => toggle.mutate(false)} disabled={toggle.isPending}>
              Resume sending
            </button>
          )}
        </div>
        {toggle.error ? (
          <p className="error-text" role="alert">
            {describeError(toggle.error, 'suspend or resume mailboxes')}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="connection-heading" className="page-section">
        <h2 id="connection-heading">Connection</h2>
        <dl className="summary">
          <dt>SMTP</dt>
          <dd>
            {a.smtpHost}:{a.smtpPort}
          </dd>
          <dt>IMAP</dt>
          <dd>
            {a.imapHost}:{a.imapPort}
          </dd>
          <dt>Last login test</dt>
          <dd>
            {connectionInWords(a.lastConnectionCheck)}
            {a.lastConnectionCheck && ` (${formatTime(a.lastConnectionCheck.at)})`}
          </dd>
        </dl>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? 'Testing the logins…' : 'Test the SMTP and IMAP logins'}
          </button>
        </div>
        {test.data && (
          <ul className="plain" aria-live="polite">
            <SideResult name="SMTP" side={test.data.smtp} />
            <SideResult name="IMAP" side={test.data.imap} />
          </ul>
        )}
        {test.error ? (
          <p className="error-text" role="alert">
            {describeError(test.error, 'test mailboxes')}
          </p>
        ) : null}
      </section>
      <DnsSection account={a} />
      <QueryState query={health} label="the relay health">
        {(h) => (
          <>
            <WarmupSection account={a} health={h} />
            <RelayHealthSection health={h} />
          </>
        )}
      </QueryState>
    </>
  );
}

function SideResult({ name, side }: { name: string; side: ConnectionSide }) {
  return (
    <li>
      <StateBadge tone={side.ok ? 'pass' : 'fail'}>{`${name}: ${side.ok ? 'login works' : 'login failed'}`}</StateBadge>{' '}
      {!side.ok && (side.message ?? side.code)}
    </li>
  );
}
