import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { canAdminister, useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { reasonInWords } from '../campaigns/campaign-words';
import { actorInWords, approvalsQuery, BADGE_POLL_MS, BLOCKER_WORDS, type HeldCampaign } from './approvals-api';
import { CreativeReview } from './CreativeReview';
import { TaskReview } from './TaskReview';

/**
 * Everything in the workspace that waits for a person, in one place: mailing tasks to approve or
 * reject (an agent's included, with the key that prepared them, and what changed when an edit reset an
 * approval), channel creatives to moderate, campaigns blocked for moderation, and prepared campaigns a
 * send gate holds (each gate in words, with a link to the campaign page where it is dealt with).
 */
export default function ApprovalsPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queue = useQuery({ ...approvalsQuery(t), refetchInterval: BADGE_POLL_MS });
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <div className="page">
      <h1>Approvals</h1>
      <p className="lead">What agents and colleagues prepared that waits for a person: approve or reject it here, with a note.</p>
      <div role="status">{decided && <p className="notice notice-success">{decided}</p>}</div>
      <QueryState query={queue} label="the approvals queue">
        {(q) => (
          <>
            <p>{q.count === 0 ? 'Nothing waits for approval.' : `${q.count} item${q.count === 1 ? '' : 's'} waiting.`}</p>
            <section aria-labelledby="approvals-tasks">
              <h2 id="approvals-tasks">Mailing tasks awaiting approval ({q.tasks.length})</h2>
              {q.tasks.length === 0 ? (
                <p className="muted">No mailing task waits for approval.</p>
              ) : (
                <div className="cards">
                  {q.tasks.map((task) => (
                    <TaskReview key={task.id} task={task} tenantId={t} onDecided={setDecided} />
                  ))}
                </div>
              )}
            </section>
            <section aria-labelledby="approvals-creatives">
              <h2 id="approvals-creatives">Creatives awaiting moderation ({q.creatives.length})</h2>
              {q.creatives.length === 0 ? (
                <p className="muted">No channel creative waits for moderation.</p>
              ) : (
                <div className="cards">
                  {q.creatives.map((c) => (
                    <CreativeReview key={c.id} creative={c} tenantId={t} canModerate={canAdminister(workspace)} onDecided={setDecided} />
                  ))}
                </div>
              )}
            </section>
            <section aria-labelledby="approvals-campaigns">
              <h2 id="approvals-campaigns">Campaigns blocked ({q.campaigns.length})</h2>
              {q.campaigns.length === 0 ? (
                <p className="muted">No campaign is blocked.</p>
              ) : (
                <ul className="plain">
                  {q.campaigns.map((c) => (
                    <li key={c.id}>
                      <Link to={`/campaigns/${c.id}`}>{c.name}</Link>: blocked because{' '}
                      {c.primaryBlocker ? (BLOCKER_WORDS[c.primaryBlocker] ?? c.primaryBlocker) : 'of a gate'}. Prepared by {actorInWords(c.createdBy)}.
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="approvals-held">
              <h2 id="approvals-held">Campaigns held by a send gate ({q.heldCampaigns.length})</h2>
              {q.heldCampaigns.length === 0 ? (
                <p className="muted">No prepared campaign is held by a send gate.</p>
              ) : (
                <>
                  <p className="muted">Prepared, but a gate stops the send: open a campaign for its readiness checklist and deal with the gate there.</p>
                  <ul className="plain">
                    {q.heldCampaigns.map((c) => (
                      <HeldCampaignItem key={c.id} campaign={c} />
                    ))}
                  </ul>
                </>
              )}
              {q.heldCampaignsTruncated && <p className="muted">Only the 20 newest prepared campaigns are checked here; see Campaigns for the others.</p>}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}

/** A held campaign: what it has ready, each failing gate in words, and the way to its page (the readiness checklist). */
function HeldCampaignItem({ campaign: c }: { campaign: HeldCampaign }) {
  return (
    <li>
      <Link to={`/campaigns/${c.id}`}>{c.name}</Link>: {c.ready.toLocaleString()} recipient{c.ready === 1 ? '' : 's'} ready, not sent because:
      <ul>
        {c.blockers.map((b) => (
          <li key={b.gate}>{reasonInWords(b.reasonCode)}</li>
        ))}
      </ul>
      Prepared by {actorInWords(c.createdBy)}.
    </li>
  );
}
