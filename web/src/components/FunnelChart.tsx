/** One step of a funnel: its name and how many reached it. */
export interface FunnelStep {
  label: string;
  count: number;
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '—');

/**
 * A funnel (sent → delivered → opened → …) as bars with their numbers and rates written out: the rate
 * from the previous step and from the first, so the chart reads without colour and without the bars.
 */
export function FunnelChart({ title, steps }: { title: string; steps: FunnelStep[] }) {
  const top = steps[0]?.count ?? 0;
  return (
    <figure className="plot funnel">
      <figcaption>{title}</figcaption>
      <ol className="funnel-steps">
        {steps.map((s, i) => (
          <li key={s.label}>
            <span className="funnel-label">{s.label}</span>
            <span className="funnel-bar" aria-hidden="true">
              <span style={{ width: top > 0 ? `${Math.min(100, (s.count / top) * 100)}%` : '0%' }} />
            </span>
            <span className="funnel-figure">
              {s.count.toLocaleString()}
              {i > 0 ? (
                <span className="muted">
                  {' '}
                  — {percent(s.count, steps[i - 1].count)} of {steps[i - 1].label.toLowerCase()}, {percent(s.count, top)} of {steps[0].label.toLowerCase()}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
