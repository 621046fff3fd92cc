import { formatTime, UNSENDABLE, type RelayHealth } from './senders-api';
import { StateBadge } from './VerdictBadge';

/** Whether the mailbox can send now and why not, today's use, the last 7 days, totals, the last SMTP error. */
export function RelayHealthSection({ health }: { health: RelayHealth }) {
  return (
    <section aria-labelledby="relay-heading" className="page-section">
      <h2 id="relay-heading">Relay health</h2>
      <p>
        {health.sendable ? (
          <StateBadge tone="pass">Can send now</StateBadge>
        ) : (
          <>
            <StateBadge tone="fail">Cannot send now</StateBadge> because {UNSENDABLE[health.reason ?? ''] ?? health.reason}.
          </>
        )}
      </p>
      <dl className="summary">
        <dt>Sent, last 7 days</dt>
        <dd>{health.last7Days.sent}</dd>
        <dt>Deferred (4xx), last 7 days</dt>
        <dd>{health.last7Days.failed}</dd>
        <dt>Bounced (5xx), last 7 days</dt>
        <dd>{health.last7Days.bounced}</dd>
        <dt>Sent in total</dt>
        <dd>{health.totals.sent}</dd>
        <dt>Last sent</dt>
        <dd>{formatTime(health.lastSentAt)}</dd>
        <dt>Last SMTP error</dt>
        <dd>{health.lastSmtpError ? `${health.lastSmtpError.message} (${formatTime(health.lastSmtpError.at)})` : 'None'}</dd>
      </dl>
    </section>
  );
}
