import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { TimeSeriesPlot } from '../../components/TimeSeriesPlot';
import { formatTime, type EmailAccount, type RelayHealth } from './senders-api';

const FIELDS = ['startPerDay', 'increasePerDay', 'maxPerDay'];

/** UTC day (YYYY-MM-DD) → unix seconds at its start. */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The warm-up: the daily cap ramp against what was sent (relayHealth.capByDay), and the form that (re)starts it. */
export function WarmupSection({ account, health }: { account: EmailAccount; health: RelayHealth }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: (body: Record<string, number>) => api.post(`/api/email-accounts/${encodeURIComponent(account.id)}/warmup/start`, body),
    meta: { action: 'start a warm-up' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'senders') }),
  });
  const errors = useFormErrors(start.error, FIELDS, 'start a warm-up');
  const w = account.warmup;
  return (
    <section aria-labelledby="warmup-heading" className="page-section">
      <h2 id="warmup-heading">Warm-up</h2>
      <p>
        {w
          ? `Started ${formatTime(account.warmupStartedAt)}: ${w.startPerDay} messages on day 1, ${w.increasePerDay} more each day, up to ${w.maxPerDay} a day.`
          : account.dailyLimit
            ? `No warm-up: a fixed cap of ${account.dailyLimit} messages a day.`
            : 'No warm-up and no daily cap.'}{' '}
        Today: {health.today.sent} sent of {health.today.cap ?? 'no cap'}
        {health.today.remaining !== null && `, ${health.today.remaining} left`}.
      </p>
      <TimeSeriesPlot
        title="Daily cap against messages sent (UTC days)"
        yLabel="messages / day"
        times={health.capByDay.map((d) => daySeconds(d.day))}
        series={[
          { label: 'Daily cap', values: health.capByDay.map((d) => d.cap) },
          { label: 'Sent', values: health.capByDay.map((d) => d.sent) },
        ]}
      />
      <form
        onSubmit={onSubmitValues((v) => start.mutate(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Number(x)]))))}
        noValidate
        aria-labelledby="warmup-form-heading"
      >
        <h3 id="warmup-form-heading">{w ? 'Restart the warm-up' : 'Start a warm-up'}</h3>
        <FormErrors errors={errors.form} />
        <div className="form-grid align-start">
          <TextField name="startPerDay" label="Day 1 cap" type="number" min={1} defaultValue={w?.startPerDay ?? 10} errors={errors.byField.startPerDay} />
          <TextField
            name="increasePerDay"
            label="Added each day"
            type="number"
            min={0}
            defaultValue={w?.increasePerDay ?? 5}
            errors={errors.byField.increasePerDay}
          />
          <TextField name="maxPerDay" label="Highest cap" type="number" min={1} defaultValue={w?.maxPerDay ?? 50} errors={errors.byField.maxPerDay} />
        </div>
        <div>
          <SubmitButton pending={start.isPending}>{w ? 'Restart the warm-up at day 1' : 'Start the warm-up'}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
