import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, documentUrl } from '../../api/client';
import { describeError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { ForwardForm } from './ForwardForm';
import {
  attachmentHref,
  CLASSIFICATIONS,
  classificationLabel,
  DOWNLOAD_CAP_WORDS,
  DOWNLOAD_MAX_BYTES,
  fileSize,
  inboxKey,
  mailboxesQuery,
  shownFilename,
  threadQuery,
  when,
  type DialogMessage,
  type DialogThread,
} from './inbox-api';
import { ClassLabel } from './InboxPage';
import { InlineSelect } from './InlineSelect';
import { LeadFromDialog } from './LeadFromDialog';
import { ReplyComposer } from './ReplyComposer';

const KIND_WORDS: Record<string, string> = {
  received: 'Received',
  sent: 'Sent',
  forward: 'Forwarded',
  campaign: 'Campaign email',
  task: 'Mailing task email',
  sequence: 'Sequence email',
};

/** One conversation: the thread as text, its label (set by hand or again by the classifier), reply, forward and lead. */
export default function DialogPage() {
  const { dialogId = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const thread = useQuery({ ...threadQuery(t, dialogId), meta: { action: 'read the inbox' } });
  const mailboxes = useQuery(mailboxesQuery(t));
  return (
    <div className="page">
      <p>
        <Link to="/inbox">Back to the inbox</Link>
      </p>
      <QueryState query={thread} label="the dialog">
        {(d) => (
          <>
            <h1>{d.subject || '(no subject)'}</h1>
            <dl className="summary">
              <dt>With</dt>
              <dd>
                {d.email}
                {d.contactId && (
                  <>
                    {' '}
                    (<Link to={`/contacts/${encodeURIComponent(d.contactId)}`}>contact</Link>)
                  </>
                )}
              </dd>
              <dt>Mailbox</dt>
              <dd>{mailboxes.data?.data.find((m) => m.id === d.accountId)?.email ?? d.accountId}</dd>
              <dt>Label</dt>
              <dd>
                <ClassLabel classification={d.classification} />
                {d.confidence !== null && d.classification ? ` (confidence ${Math.round(d.confidence * 100)} %)` : ''}
              </dd>
              <dt>Replies</dt>
              <dd>{d.replyCount}</dd>
            </dl>
            <Relabel dialog={d} />
            <LeadFromDialog dialog={d} />
            <h2>Messages</h2>
            <ol className="plain thread">
              {d.messages.map((m) => (
                <Message key={m.messageId} message={m} dialogId={d.id} tenantId={t} />
              ))}
            </ol>
            <ReplyComposer dialog={d} />
            <ForwardForm dialog={d} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function Message({ message: m, dialogId, tenantId }: { message: DialogMessage; dialogId: string; tenantId: string }) {
  const [html, setHtml] = useState(false);
  const [remoteImages, setRemoteImages] = useState(false);
  return (
    <li>
      <article
        className={`message message-${m.direction}`}
        aria-label={`${m.direction === 'in' ? 'From' : 'To'} ${m.direction === 'in' ? m.from : m.to}, ${when(m.at)}`}
      >
        <header>
          <p>
            <strong>{KIND_WORDS[m.kind ?? ''] ?? (m.direction === 'in' ? 'Received' : 'Sent')}</strong> {when(m.at)}
            {m.autoReply ? ' · automatic reply' : ''}
            {m.direction === 'in' && m.classification ? ` · ${classificationLabel(m.classification)}` : ''}
          </p>
          <p className="muted">
            From {m.from} to {m.to} · {m.subject}
          </p>
        </header>
        {m.bodySource === 'unavailable' ? (
          <p className="muted">The body is not available: the creative changed since this email was sent.</p>
        ) : (
          <p className="message-text">{m.text || '(no text)'}</p>
        )}
        {m.attachments.length > 0 && (
          <ul className="attachments" aria-label="Attachments">
            {m.attachments.map((a, i) => {
              // The server names the saved file (Content-Disposition); the page shows the sender's name as text, spelled out.
              const href = attachmentHref(tenantId, dialogId, m, i, a.size);
              return (
                <li key={`${i}-${a.sha256}`}>
                  {href ? (
                    <a href={href} download>
                      {shownFilename(a.filename)}
                    </a>
                  ) : (
                    shownFilename(a.filename)
                  )}{' '}
                  ({a.contentType}, {fileSize(a.size)}){a.size > DOWNLOAD_MAX_BYTES ? ` · ${DOWNLOAD_CAP_WORDS}` : ''}
                </li>
              );
            })}
          </ul>
        )}
        {m.html && (
          <>
            <button type="button" className="secondary" aria-expanded={html} onClick={() => setHtml(!html)}>
              {html ? 'Hide the HTML version' : 'Show the HTML version'}
            </button>
            {html && (
              <>
                <label className="field-checkbox">
                  <input type="checkbox" checked={remoteImages} onChange={(e) => setRemoteImages(e.target.checked)} /> Load remote images (the sender may learn
                  that you read it)
                </label>
                {/* The sender's HTML from its own URL (dialogs_message_document, its own CSP: inline styles apply, no script)
                    in an empty sandbox: no script, no form, no navigation, no same origin. */}
                <iframe
                  className="message-html"
                  sandbox=""
                  src={documentUrl(`/api/dialogs/${encodeURIComponent(dialogId)}/message-document`, {
                    messageId: m.messageId,
                    images: remoteImages ? 'on' : 'off',
                  })}
                  title={`HTML version of “${m.subject}”`}
                />
              </>
            )}
          </>
        )}
      </article>
    </li>
  );
}

function Relabel({ dialog }: { dialog: DialogThread }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(dialog.classification ?? '');
  const classify = useMutation({
    mutationFn: (body: { classification?: string }) =>
      api.post<{ classification: string; method: string }>(`/api/dialogs/${encodeURIComponent(dialog.id)}/classify`, body),
    meta: { action: 'label dialogs' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey(t) }),
  });
  return (
    <div className="toolbar relabel">
      <InlineSelect
        label="Change the label"
        value={choice}
        onChange={setChoice}
        options={[{ value: '', label: 'Choose…', disabled: true }, ...CLASSIFICATIONS.map((c) => ({ value: c, label: classificationLabel(c) }))]}
      />
      <button type="button" className="secondary" disabled={!choice || classify.isPending} onClick={() => classify.mutate({ classification: choice })}>
        Set label
      </button>
      <button type="button" className="secondary" disabled={classify.isPending} onClick={() => classify.mutate({})}>
        Classify again
      </button>
      <span role="status">
        {classify.data &&
          `Labelled ${classificationLabel(classify.data.classification)} (${classify.data.method === 'manual' ? 'by hand' : classify.data.method}).`}
      </span>
      {classify.error && (
        <p className="error-text" role="alert">
          {describeError(classify.error, 'label dialogs')}
        </p>
      )}
    </div>
  );
}
