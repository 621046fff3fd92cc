import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { creativePath, creativesKey, type Creative, type Preview } from './creatives-api';

/**
 * The saved creative rendered for one recipient by the API, as that recipient would get it. The HTML
 * is shown only inside a sandboxed frame (no script, no same-origin, no forms); the text part as text.
 */
export function PreviewPanel({ tenantId, creative, contactId, dirty }: { tenantId: string; creative: Creative; contactId: string; dirty: boolean }) {
  const preview = useQuery({
    queryKey: creativesKey(tenantId, 'preview', creative.id, creative.contentVersion, contactId),
    queryFn: ({ signal }) => api.get<Preview>(`${creativePath(creative.id)}/preview`, { signal, query: { contactId: contactId || undefined } }),
    throwOnError: false,
    meta: { action: 'preview creatives' },
  });
  return (
    <section aria-labelledby="preview-heading" className="page-section">
      <h2 id="preview-heading">Preview</h2>
      {dirty && <p className="notice">The preview shows the saved version {creative.contentVersion}; save to see your changes in it.</p>}
      <QueryState query={preview} label="the preview">
        {(p) => (
          <>
            {p.unresolvedTokens.length > 0 ? (
              <div className="notice notice-warning" role="status">
                <p>
                  <strong>Unresolved for this recipient:</strong> these variables have no value and no fallback, so they render empty.
                </p>
                <ul className="token-list">
                  {p.unresolvedTokens.map((t) => (
                    <li key={t}>
                      <code className="tpl-var">{`{{${t}}}`}</code>
                    </li>
                  ))}
                </ul>
                <p className="field-hint">
                  Add a fallback (<code>{`{{${p.unresolvedTokens[0]}|…}}`}</code>) or fill the field before a mailing.
                </p>
              </div>
            ) : (
              <p className="notice notice-success" role="status">
                Every variable resolved for this recipient.
              </p>
            )}
            <dl className="details">
              <div className="contents">
                <dt>Subject</dt>
                <dd className="preview-subject">{p.subject}</dd>
              </div>
            </dl>
            <iframe className="preview-frame" title="Rendered email body" sandbox="" srcDoc={p.html} />
            <details>
              <summary>Text part</summary>
              <pre className="draft-text">{p.text}</pre>
            </details>
          </>
        )}
      </QueryState>
    </section>
  );
}
