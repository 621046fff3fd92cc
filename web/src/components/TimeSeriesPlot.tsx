import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TableRegion } from './TableRegion';

/** One line of a time-series plot: its label (with the legend) and its values, one per time. */
export interface PlotSeries {
  label: string;
  values: (number | null)[];
}

/**
 * Colour and line style per series: series differ by dash and point shape too, so the plot reads
 * without colour (the legend shows the same dash), and every colour is AA on white.
 */
const LOOKS = [
  { stroke: '#0b57d0', dash: undefined },
  { stroke: '#a40e26', dash: [8, 4] },
  { stroke: '#1e6b34', dash: [2, 3] },
  { stroke: '#6d3fb3', dash: [12, 3, 2, 3] },
  { stroke: '#8a4b00', dash: [4, 4] },
];

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
const formatTime = (seconds: number) => timeFormat.format(new Date(seconds * 1000));

/**
 * A time series on a canvas (uPlot), with labelled axes and units, a legend, and the same numbers as a
 * table for screen readers and for anyone who would rather read them. Updating `times`/`series`
 * redraws in place (live progress), without re-creating the canvas.
 */
export function TimeSeriesPlot({
  title,
  yLabel,
  times,
  series,
  height = 220,
  bars = false,
}: {
  /** What the plot shows, e.g. "Sends per minute". */
  title: string;
  /** The y axis with its unit, e.g. "sends / min". */
  yLabel: string;
  /** Unix seconds, ascending. */
  times: number[];
  series: PlotSeries[];
  height?: number;
  /** Draw the series as bars (counts per bucket) instead of lines. */
  bars?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const captionId = useId();
  // One point alone makes uPlot range the time axis over the 1,000 days after it: a minute of nothing each side centres it.
  const data = (
    times.length === 1 ? [[times[0] - 60, times[0], times[0] + 60], ...series.map((s) => [null, s.values[0], null])] : [times, ...series.map((s) => s.values)]
  ) as uPlot.AlignedData;
  const shape = series.map((s) => s.label).join('\u0000') + (bars ? ':bars' : '');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(240, Math.floor(el.clientWidth));
    const u = new uPlot(
      {
        width: width(),
        height,
        scales: { x: { time: true } },
        axes: [
          { label: 'Time', stroke: '#1b1f24', grid: { stroke: '#e3e7eb' } },
          { label: yLabel, stroke: '#1b1f24', grid: { stroke: '#e3e7eb' } },
        ],
        series: [
          { label: 'Time', value: (_u, v) => (v == null ? '—' : formatTime(v)) },
          ...series.map((s, i) => {
            const look = LOOKS[i % LOOKS.length];
            return {
              label: s.label,
              stroke: look.stroke,
              dash: look.dash,
              width: 2,
              fill: bars ? `${look.stroke}33` : undefined,
              paths: bars ? uPlot.paths.bars!({ size: [0.6, 40] }) : undefined,
              points: { show: !bars, size: 5 + (i % 3) * 2 },
            };
          }),
        ],
      },
      data,
      el,
    );
    plot.current = u;
    const resized = new ResizeObserver(() => u.setSize({ width: width(), height }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      u.destroy();
      plot.current = null;
    };
    // The plot is re-created only when its shape changes; new numbers go through setData below.
  }, [shape, yLabel, height]);

  useEffect(() => {
    plot.current?.setData(data);
  });

  return (
    <figure className="plot" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        {title} <span className="muted">({yLabel})</span>
      </figcaption>
      <div ref={box} className="plot-canvas" aria-hidden="true" />
      {times.length === 0 ? <p className="muted">Nothing to plot yet.</p> : null}
      <details>
        <summary>The numbers</summary>
        {/* On a phone the table scrolls sideways: a labelled region that takes keyboard focus (axe's scrollable-region-focusable). */}
        <TableRegion label={`${title}: the numbers`}>
          <table className="data">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {times.map((t, i) => (
                <tr key={t}>
                  <th scope="row">{formatTime(t)}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[i] ?? '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </figure>
  );
}
