import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { TableRegion } from '../../components/TableRegion';
import { describeError } from '../../api/errors';
import type { ContentCheck, Creative } from './creatives-api';

const RISK_WORDS = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const;

/** The content check of the saved creative (for the chosen recipient): score, risk, each rule hit with its fix. */
export function ContentCheckPanel({ creative, contactId }: { creative: Creative; contactId: string }) {
  const check = useMutation({
    mutationFn: (_version: number) => api.post<ContentCheck>('/api/content-analyzer/check', { creativeId: creative.id, ...(contactId ? { contactId } : {}) }),
    meta: { action: 'check creatives' },
  });
  const r = check.data;
  return (
    <section aria-labelledby="check-heading" className="page-section">
      <h2 id="check-heading">Content check</h2>
      <div className="actions">
        <button type="button" onClick={() => check.mutate(creative.contentVersion)} disabled={check.isPending} aria-busy={check.isPending || undefined}>
          {check.isPending ? 'Checking…' : 'Run the content check'}
        </button>
        {r && (
          <span className="muted">
            Checked content version {check.variables}
            {check.variables !== creative.contentVersion ? ` (now ${creative.contentVersion}: run it again)` : ''}.
          </span>
        )}
      </div>
      {check.error ? (
        <p className="error-text" role="alert">
          {describeError(check.error, 'check creatives')}
        </p>
      ) : null}
      {r && (
        <div aria-live="polite">
          <p>
            <strong className={`risk risk-${r.risk}`}>{RISK_WORDS[r.risk]}</strong>: score {r.score} of 100 ({r.hits.length}{' '}
            {r.hits.length === 1 ? 'finding' : 'findings'}). {r.stats.textChars} characters of text, {r.stats.links} links, {r.stats.images} images,{' '}
            {Math.round(r.stats.sizeBytes / 102.4) / 10} KB.
          </p>
          {r.hits.length > 0 && (
            <TableRegion label="Content check findings">
              <table className="data">
                <caption className="visually-hidden">Content check findings</caption>
                <thead>
                  <tr>
                    <th scope="col">Severity</th>
                    <th scope="col">Rule</th>
                    <th scope="col">Points</th>
                    <th scope="col">Finding</th>
                    <th scope="col">Fix</th>
                  </tr>
                </thead>
                <tbody>
                  {r.hits.map((h, i) => (
                    <tr key={`${h.rule}-${i}`}>
                      <td>{h.severity}</td>
                      <td>
                        <code>{h.rule}</code>
                      </td>
                      <td className="number">{h.points}</td>
                      <td>{h.detail}</td>
                      <td>{h.fix}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          {r.unresolvedTokens.length > 0 && <p>Unresolved variables: {r.unresolvedTokens.map((t) => `{{${t}}}`).join(', ')}.</p>}
          <p className="muted">
            {r.spamAssassin
              ? `SpamAssassin: ${r.spamAssassin.score} (spam from ${r.spamAssassin.required})${r.spamAssassin.rules.length ? `; rules ${r.spamAssassin.rules.join(', ')}` : ''}.`
              : `SpamAssassin did not run: ${r.spamAssassinSkipped?.detail ?? 'not configured'}.`}
          </p>
        </div>
      )}
    </section>
  );
}
