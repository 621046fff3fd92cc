import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, documentUrl } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { creativePath, creativesKey, type Creative, type Preview } from './creatives-api';

/**
 * The saved creative rendered for one recipient by the API, as that recipient would get it. The HTML
 * is shown only inside a sandboxed frame (no script, no same-origin, no forms) that loads it from its
 * own URL (creatives_preview_document), under its own policy: its inline styles apply, which a srcdoc
 * frame under the app's CSP would refuse. The text part is shown as text.
 */
export function PreviewPanel({ tenantId, creative, contactId, dirty }: { tenantId: string; creative: Creative; contactId: string; dirty: boolean }) {
  const [remoteImages, setRemoteImages] = useState(true);
  const documentSrc = documentUrl(`${creativePath(creative.id)}/preview-document`, { contactId: contactId || undefined, images: remoteImages ? 'on' : 'off' });
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
            <label className="field-checkbox">
              <input type="checkbox" checked={remoteImages} onChange={(e) => setRemoteImages(e.target.checked)} /> Show remote images
            </label>
            {/* Keyed by the content version: a save reloads the frame although its address stays the same. */}
            <iframe key={creative.contentVersion} className="preview-frame" title="Rendered email body" sandbox="" src={documentSrc} />
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
