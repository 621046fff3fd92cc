import type { Verdict } from './senders-api';
import { VERDICT_WORDS } from './senders-api';
import './senders.css';

const MARK: Record<Verdict, string> = { pass: '✓', warn: '!', fail: '✗' };

/** A verdict as a badge: the word and a mark, so it reads without colour; `label` names what was checked (SPF, DNS…). */
export function VerdictBadge({ label, verdict }: { label: string; verdict: Verdict | null | undefined }) {
  if (!verdict)
    return (
      <span className="badge badge-neutral">
        {label}: <span>not checked</span>
      </span>
    );
  return (
    <span className={`badge badge-${verdict}`}>
      <span aria-hidden="true">{MARK[verdict]} </span>
      {label}: {VERDICT_WORDS[verdict]}
    </span>
  );
}

/** Any state as a badge with its words; `tone` only colours it. */
export function StateBadge({ tone, children }: { tone: Verdict | 'neutral'; children: string }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
