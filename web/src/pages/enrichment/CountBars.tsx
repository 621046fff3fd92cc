/**
 * Counts as horizontal bars with the number and its share of a whole written out (so they read without
 * the bars and without colour). The funnel's look (styles.css .funnel-steps), for counts that are
 * siblings rather than steps (outcomes, reasons).
 */
export function CountBars({ title, items, whole }: { title: string; items: { label: string; count: number }[]; whole: { label: string; count: number } }) {
  const top = Math.max(1, ...items.map((i) => i.count));
  return (
    <figure className="plot funnel">
      <figcaption>{title}</figcaption>
      {items.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ol className="funnel-steps">
          {items.map((i) => (
            <li key={i.label}>
              <span className="funnel-label">{i.label}</span>
              <span className="funnel-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, (i.count / top) * 100)}%` }} />
              </span>
              <span className="funnel-figure">
                {i.count.toLocaleString()}
                <span className="muted">
                  {' '}
                  — {whole.count > 0 ? `${((i.count / whole.count) * 100).toFixed(1)} %` : '—'} of {whole.label}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
