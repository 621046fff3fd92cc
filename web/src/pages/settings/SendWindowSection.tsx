import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { CheckboxField, FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { sendWindowBody, settingsKey, timeZones, WEEKDAYS, windowStateInWords, type SendWindowAnswer } from './settings-api';

const FIELDS = ['enabled', 'workDays', 'startTime', 'endTime', 'timezone'];

/** The workspace send window: days, hours, time zone, and whether it is open now (from the API). SUPER edits it. */
export function SendWindowSection() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const key = settingsKey(t, 'send-window');
  const current = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<SendWindowAnswer>('/api/settings/send-window', { signal }),
    // "Open now / opens at" follows the clock: read again each minute while the page is open.
    refetchInterval: 60_000,
    meta: { action: 'see the send window' },
  });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.patch<SendWindowAnswer>('/api/settings/send-window', body),
    meta: { action: 'change the send window' },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const errors = useFormErrors(save.error, FIELDS, 'change the send window');
  const editable = workspace.role === 'SUPER';
  return (
    <section aria-labelledby="window-heading" className="page-section">
      <h2 id="window-heading">Send window</h2>
      <QueryState query={current} label="the send window">
        {(w) => (
          <>
            <p className="notice" aria-live="polite">
              <strong>{windowStateInWords(w)}</strong>
              {w.source === 'default' && ' (the defaults: no window was set for this workspace yet)'}
            </p>
            {save.isSuccess && <p className="notice notice-success">Send window saved.</p>}
            <form
              key={JSON.stringify(w.configured)}
              onSubmit={onSubmitValues((v) => save.mutate(sendWindowBody(v)))}
              noValidate
              aria-labelledby="window-heading"
            >
              <FormErrors errors={errors.form} />
              <CheckboxField
                name="enabled"
                label="Send only inside this window (off: at any time)"
                defaultChecked={w.configured.enabled}
                disabled={!editable}
                errors={errors.byField.enabled}
              />
              <fieldset className="days-picker" aria-describedby={errors.byField.workDays ? 'workdays-error' : undefined}>
                <legend>Days</legend>
                {WEEKDAYS.map(([n, name]) => (
                  <CheckboxField key={n} name={`workDay${n}`} label={name} defaultChecked={w.configured.workDays.includes(n)} disabled={!editable} />
                ))}
                {errors.byField.workDays && (
                  <p id="workdays-error" className="field-error">
                    {errors.byField.workDays.join(' ')}
                  </p>
                )}
              </fieldset>
              <div className="form-grid align-start">
                <TextField
                  name="startTime"
                  label="Opens at"
                  type="time"
                  defaultValue={w.configured.startTime}
                  disabled={!editable}
                  errors={errors.byField.startTime}
                />
                <TextField
                  name="endTime"
                  label="Closes at"
                  type="time"
                  defaultValue={w.configured.endTime}
                  disabled={!editable}
                  hint="At or before the opening time: the window runs overnight."
                  errors={errors.byField.endTime}
                />
                <SelectField
                  name="timezone"
                  label="Time zone"
                  defaultValue={w.configured.timezone}
                  disabled={!editable}
                  options={withCurrent(timeZones(), w.configured.timezone).map((z) => ({ value: z, label: z }))}
                  errors={errors.byField.timezone}
                />
              </div>
              {editable ? (
                <div>
                  <SubmitButton pending={save.isPending}>Save the send window</SubmitButton>
                </div>
              ) : (
                <p className="muted">Only a SUPER of the workspace can change the send window.</p>
              )}
            </form>
          </>
        )}
      </QueryState>
    </section>
  );
}

const withCurrent = (zones: string[], zone: string) => (zones.includes(zone) ? zones : [zone, ...zones]);
