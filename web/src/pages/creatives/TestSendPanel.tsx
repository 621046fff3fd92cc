import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { creativePath, creativesKey, formatTime, type Creative, type Page, type SenderAccount, type TestSend } from './creatives-api';

const OUTCOME_WORDS = { accepted: 'accepted', deferred: 'deferred (try again later)', rejected: 'rejected' } as const;

/** Chooses the sender mailbox for test sends and placement tests; says so when there is none. */
export function SenderSelect({ senders, value, onChange, id }: { senders: SenderAccount[]; value: string; onChange: (v: string) => void; id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Sender mailbox</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {senders.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name ? `${s.name} <${s.email}>` : s.email}
            {s.status === 'SUSPENDED' ? ' (suspended)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One rendered copy sent to the signed-in person's own verified address, and the SMTP answers so far. */
export function TestSendPanel({
  tenantId,
  creative,
  contactId,
  senders,
}: {
  tenantId: string;
  creative: Creative;
  contactId: string;
  senders: SenderAccount[];
}) {
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(senders[0]?.id ?? '');
  const listKey = creativesKey(tenantId, 'test-sends', creative.id);
  const sends = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => api.get<Page<TestSend>>(`${creativePath(creative.id)}/test-sends`, { signal, query: { pageSize: 10 } }),
    throwOnError: false,
  });
  const send = useMutation({
    mutationFn: () => api.post<TestSend>(`${creativePath(creative.id)}/test-send`, { accountId, ...(contactId ? { contactId } : {}) }),
    meta: { action: 'send test emails' },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
  return (
    <section aria-labelledby="test-send-heading" className="page-section">
      <h2 id="test-send-heading">Test send</h2>
      {senders.length === 0 ? (
        <p>
          Connect a sender mailbox first (<Link to="/senders/connect">Connect a mailbox</Link>).
        </p>
      ) : (
        <>
          <p className="field-hint">One copy, rendered for the chosen recipient, goes to your own verified address only.</p>
          <div className="form-row">
            <SenderSelect id="test-send-sender" senders={senders} value={accountId} onChange={setAccountId} />
            <button type="button" onClick={() => send.mutate()} disabled={send.isPending || !accountId}>
              {send.isPending ? 'Sending…' : 'Send a test to my address'}
            </button>
          </div>
        </>
      )}
      {send.error ? (
        <p className="error-text" role="alert">
          {describeError(send.error, 'send test emails')}
        </p>
      ) : null}
      {send.data && (
        <p role="status">
          Sent to {send.data.to}: {OUTCOME_WORDS[send.data.outcome]} ({send.data.smtpCode} {send.data.smtpResponse}).
        </p>
      )}
      {sends.data && sends.data.data.length > 0 && (
        <ul className="plain">
          {sends.data.data.map((s) => (
            <li key={s.id}>
              {formatTime(s.createdAt)}: to {s.to}, version {s.contentVersion}, {OUTCOME_WORDS[s.outcome]} ({s.smtpCode})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
