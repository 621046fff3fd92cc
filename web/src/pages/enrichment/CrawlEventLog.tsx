import { Link } from 'react-router';
import { eventInWords, LOG_LINES, type EventLog } from './enrichment-api';

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** The crawl's transition log as it grows: the newest LOG_LINES events, newest first. */
export function CrawlEventLog({ log }: { log: EventLog }) {
  const lines = [...log.lines].reverse();
  return (
    <section aria-labelledby="events-heading" className="page-section">
      <h2 id="events-heading">Events</h2>
      <p className="muted" aria-live="polite">
        {log.total.toLocaleString()} events read
        {log.total > LOG_LINES ? `; the newest ${LOG_LINES} are shown` : ''}.
      </p>
      {lines.length === 0 ? (
        <p className="muted">No events yet.</p>
      ) : (
        <div className="event-log" role="log" aria-label="Event log, newest first" tabIndex={0}>
          <ul className="plain">
            {lines.map((e) => (
              <li key={e.seq}>
                <span className="muted">
                  #{e.seq} {time.format(new Date(e.at))}
                </span>{' '}
                {eventInWords(e)}
                {e.companyId ? (
                  <>
                    {' '}
                    (<Link to={`/companies/${encodeURIComponent(e.companyId)}`}>company card</Link>)
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
