import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { useUrlView } from '../../components/url-view';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { ComposeForm } from './ComposeForm';
import {
  CLASSIFICATIONS,
  classificationLabel,
  mailboxesQuery,
  unreadQuery,
  when,
  type Classification,
  type DialogSummary,
  type UnreadCounts,
} from './inbox-api';
import { InlineSelect } from './InlineSelect';
import { SyncNow } from './SyncNow';

const PAGE_SIZE = 25;

/** The unified inbox: every mailbox's conversations, latest first, labelled by class, filtered in the address. */
export default function InboxPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const pages = useCursorPages();
  const { get, setView } = useUrlView(pages.reset);
  const classification = get('label') as Classification | undefined;
  const unread = get('unread');
  const accountId = get('mailbox');
  const filters = { classification, unread, accountId };
  const list = useQuery({
    queryKey: workspaceKey(t, 'inbox', 'dialogs', { ...filters, pageSize: PAGE_SIZE, cursor: pages.cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: DialogSummary[]; nextCursor: string | null }>('/api/dialogs', {
        signal,
        query: { ...filters, pageSize: PAGE_SIZE, cursor: pages.cursor },
      }),
    // Opening a thread reads it (markRead): coming back, the list and the counts are fetched again.
    staleTime: 0,
    meta: { action: 'read the inbox' },
  });
  const counts = useQuery({ ...unreadQuery(t), staleTime: 0, meta: { action: 'read the inbox' } });
  const mailboxes = useQuery(mailboxesQuery(t));
  const mailboxOf = (id: string) => mailboxes.data?.data.find((m) => m.id === id)?.email;

  return (
    <div className="page">
      <h1>Inbox</h1>
      <p className="lead">
        Replies from every connected mailbox, labelled by what they say. <Link to="/sequences">Follow-up sequences</Link>
      </p>
      <SyncNow />
      <UnreadSummary counts={counts.data} onPick={(label) => setView({ label, unread: 'true' })} />
      <div className="toolbar inbox-filters">
        <InlineSelect
          label="Label"
          value={classification ?? ''}
          onChange={(v) => setView({ label: v || undefined })}
          options={[{ value: '', label: 'All labels' }, ...CLASSIFICATIONS.map((c) => ({ value: c, label: classificationLabel(c) }))]}
        />
        <InlineSelect
          label="Show"
          value={unread ?? ''}
          onChange={(v) => setView({ unread: v || undefined })}
          options={[
            { value: '', label: 'Read and unread' },
            { value: 'true', label: 'Unread only' },
            { value: 'false', label: 'Read only' },
          ]}
        />
        <InlineSelect
          label="Mailbox"
          value={accountId ?? ''}
          onChange={(v) => setView({ mailbox: v || undefined })}
          options={[{ value: '', label: 'All mailboxes' }, ...(mailboxes.data?.data ?? []).map((m) => ({ value: m.id, label: m.email }))]}
        />
      </div>
      <QueryState query={list} label="the dialogs">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">
              {classification || unread || accountId ? 'No dialog matches these filters.' : 'No dialogs yet: replies appear here after a sync.'}
            </p>
          ) : (
            <>
              <ul className="plain dialog-list" aria-label="Dialogs">
                {page.data.map((d) => (
                  <li key={d.id} className={d.unread ? 'dialog-unread' : undefined}>
                    <Link to={`/inbox/${encodeURIComponent(d.id)}`}>{d.subject || '(no subject)'}</Link>
                    {d.unread && <span className="dialog-flag"> Unread</span>}
                    <div className="dialog-meta">
                      <ClassLabel classification={d.classification} /> <span>{d.email}</span>
                      {mailboxOf(d.accountId) && <span> to {mailboxOf(d.accountId)}</span>}
                      <span>
                        {' '}
                        · {d.messageCount} {d.messageCount === 1 ? 'message' : 'messages'} · {when(d.lastMessageAt)}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
              {page.data.length < PAGE_SIZE && page.nextCursor && <p className="muted">This filtered page is short; the next page may hold more.</p>}
              <CursorPager pages={pages} nextCursor={page.nextCursor} />
            </>
          )
        }
      </QueryState>
      <ComposeForm />
    </div>
  );
}

/** A class as a label with its name in words (never colour alone). */
export function ClassLabel({ classification }: { classification: string | null }) {
  return <span className={`class-label class-${classification ?? 'none'}`}>{classificationLabel(classification)}</span>;
}

function UnreadSummary({ counts, onPick }: { counts?: UnreadCounts; onPick: (label: string) => void }) {
  if (!counts) return null;
  const total = `${counts.total}${counts.more ? '+' : ''}`;
  const classes = CLASSIFICATIONS.filter((c) => counts.byClass[c]);
  return (
    <section aria-labelledby="unread-heading" className="unread-summary">
      <h2 id="unread-heading">{counts.total === 0 ? 'Nothing unread' : `${total} unread`}</h2>
      {classes.length > 0 && (
        <ul className="plain toolbar">
          {classes.map((c) => (
            <li key={c}>
              <button type="button" className="secondary" onClick={() => onPick(c)}>
                {classificationLabel(c)}: {counts.byClass[c]} unread
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
