import { SKIP_WORDS, type GuardrailPreview } from './tasks-api';

/** What start would do with a list: how many would be sent and how many skipped, by reason. */
export function GuardrailPreviewView({ preview }: { preview: GuardrailPreview }) {
  const reasons = Object.entries(preview.byReason).filter(([, n]) => n > 0);
  return (
    <section aria-labelledby="guardrails-heading" className="guardrails">
      <h3 id="guardrails-heading">Guardrail preview</h3>
      <p>
        Of {preview.screened.toLocaleString()} contacts{preview.sampled ? ` (the first of ${preview.total.toLocaleString()})` : ''},{' '}
        <strong>{preview.wouldSend.toLocaleString()} would be sent</strong> and <strong>{preview.skipped.toLocaleString()} would be skipped</strong>.
      </p>
      {reasons.length > 0 && (
        <table>
          <caption>Skipped, by reason</caption>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col">Contacts</th>
            </tr>
          </thead>
          <tbody>
            {reasons.map(([r, n]) => (
              <tr key={r}>
                <td>{SKIP_WORDS[r] ?? r}</td>
                <td>{n.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="field-hint">Counted now; suppressions and other tasks may change it before the task starts.</p>
    </section>
  );
}
