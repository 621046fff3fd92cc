import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { formatTime, sendersKey, type DnsResult, type EmailAccount } from './senders-api';
import { VerdictBadge } from './VerdictBadge';

const NAMES = { spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC' } as const;

/**
 * SPF, DKIM and DMARC of the mailbox's domain: checked when the page opens (checkDns reads DNS and
 * records the verdict; it is safe to repeat), each with the record found and what to publish, and the
 * explicit acknowledgement that lets a failing domain send anyway.
 */
export function DnsSection({ account }: { account: EmailAccount }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const dns = useQuery({
    queryKey: workspaceKey(t, 'senders', 'account', account.id, 'dns'),
    queryFn: async ({ signal }) => {
      const result = await api.post<DnsResult>(`/api/email-accounts/${encodeURIComponent(account.id)}/check-dns`, undefined, { signal });
      // The check stored its verdict on the mailbox: the list and relay health read it.
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'senders', 'accounts') });
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'senders', 'account', account.id, 'relay-health') });
      return result;
    },
    staleTime: 60_000,
    retry: false,
    meta: { action: 'check DNS' },
  });
  const acknowledge = useMutation({
    mutationFn: (value: boolean) => api.patch<EmailAccount>(`/api/email-accounts/${encodeURIComponent(account.id)}`, { dnsAcknowledged: value }),
    meta: { action: 'change mailboxes' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendersKey(t) }),
  });
  const acknowledged = Boolean(account.dnsAcknowledgedAt);
  return (
    <section aria-labelledby="dns-heading" className="page-section">
      <h2 id="dns-heading">DNS: SPF, DKIM and DMARC</h2>
      <QueryState query={dns} label="the DNS check">
        {(r) => (
          <>
            <p>
              <VerdictBadge label={`DNS of ${r.domain}`} verdict={r.status} /> <span className="muted">checked {formatTime(r.checkedAt)}</span>
            </p>
            <div className="dns-checks">
              {r.checks.map((c) => (
                <article key={c.check} className="dns-check" aria-labelledby={`dns-${c.check}`}>
                  <h3 id={`dns-${c.check}`}>
                    <VerdictBadge label={NAMES[c.check]} verdict={c.status} />
                  </h3>
                  <p>{c.detail}</p>
                  <p>Record found: {c.record ? <code className="record">{c.record}</code> : <span>none</span>}</p>
                  {c.fix && (
                    <p>
                      What to publish: <span className="record">{c.fix}</span>
                    </p>
                  )}
                </article>
              ))}
            </div>
          </>
        )}
      </QueryState>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => void dns.refetch()} disabled={dns.isFetching}>
          {dns.isFetching ? 'Checking DNS…' : 'Check DNS again'}
        </button>
        {acknowledged ? (
          <button type="button" className="secondary" onClick={() => acknowledge.mutate(false)} disabled={acknowledge.isPending}>
            Withdraw the DNS acknowledgement
          </button>
        ) : (
          (dns.data?.status === 'fail' || account.dnsStatus === 'fail') && (
            <button type="button" onClick={() => acknowledge.mutate(true)} disabled={acknowledge.isPending}>
              Send anyway: acknowledge the failing DNS
            </button>
          )
        )}
      </div>
      <p>
        {acknowledged
          ? `DNS acknowledged on ${formatTime(account.dnsAcknowledgedAt)}: the mailbox may send although the check fails.`
          : 'DNS not acknowledged: a failing check keeps the mailbox from sending.'}
      </p>
      {acknowledge.error ? (
        <p className="error-text" role="alert">
          {describeError(acknowledge.error, 'change mailboxes')}
        </p>
      ) : null}
    </section>
  );
}
