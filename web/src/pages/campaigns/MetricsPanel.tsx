import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FunnelChart } from '../../components/FunnelChart';
import { QueryState } from '../../components/QueryState';
import { TimeSeriesPlot } from '../../components/TimeSeriesPlot';
import { funnelSteps, seriesPlot } from './campaign-words';
import { campaignKey, campaignPath, isLive, LIVE_POLL_MS, SERIES_POLL_MS, type Campaign, type Metrics, type MetricsSeries } from './campaigns-api';

/** The funnel (sent → delivered → opened → clicked → replied, with rates) and the same steps per hour or day. */
export function MetricsPanel({ campaign: c, deferSeries }: { campaign: Campaign; deferSeries: boolean }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const [bucket, setBucket] = useState<'hour' | 'day'>('hour');
  const metrics = useQuery({
    queryKey: campaignKey(t, c.id, 'metrics'),
    queryFn: ({ signal }) => api.get<Metrics>(campaignPath(c.id, '/metrics'), { signal }),
    refetchInterval: isLive(c) ? LIVE_POLL_MS : false,
  });
  const series = useQuery({
    queryKey: campaignKey(t, c.id, 'series', bucket),
    queryFn: ({ signal }) => api.get<MetricsSeries>(campaignPath(c.id, '/metrics/series'), { signal, query: { bucket } }),
    refetchInterval: isLive(c) ? SERIES_POLL_MS : false,
    enabled: !deferSeries,
  });
  return (
    <section className="page-section" aria-labelledby="metrics-heading">
      <h2 id="metrics-heading">Metrics</h2>
      <QueryState query={metrics} label="the metrics">
        {(m) => (
          <>
            <FunnelChart title="Funnel: unique recipients per step" steps={funnelSteps(m)} />
            <p className="muted">
              Bounced {m.bounced.toLocaleString()}, unsubscribed {m.unsubscribed.toLocaleString()}, queued {m.queued.toLocaleString()}, failed{' '}
              {m.failed.toLocaleString()}; opens in total {m.opened.total.toLocaleString()}, clicks in total {m.clicked.total.toLocaleString()}.
            </p>
          </>
        )}
      </QueryState>
      <div className="toolbar">
        <label htmlFor="series-bucket">Over time, per</label>
        <select id="series-bucket" value={bucket} onChange={(e) => setBucket(e.target.value === 'day' ? 'day' : 'hour')}>
          <option value="hour">hour</option>
          <option value="day">day</option>
        </select>
      </div>
      <QueryState query={series} label="the metrics over time">
        {(s) => (
          <>
            <TimeSeriesPlot title={`Funnel steps per ${s.bucket} (UTC)`} yLabel={`recipients / ${s.bucket}`} {...seriesPlot(s)} />
            {s.truncated && (
              <p className="muted">
                Only the latest {s.times.length} {s.bucket}s are shown.
              </p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
