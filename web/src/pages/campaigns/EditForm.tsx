import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { CheckboxField, FormErrors, onSubmitValues, SelectField, SubmitButton, TextField } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { timeZones, WEEKDAYS, type SendWindow } from '../settings/settings-api';
import { useCampaignFormErrors } from './ActionError';
import { campaignPatch, CREATIVE_FIELD, EDIT_FIELDS, type CampaignPatch } from './campaign-edit';
import { creativesQuery, readinessQuery, type Campaign } from './campaigns-api';

/**
 * The campaign's editable fields (CampaignsController_update's body), filled from the campaign and the
 * window it follows now (readiness's effective window); each 400 message next to the field it names.
 */
export function EditForm(props: { campaign: Campaign; error: unknown; pending: boolean; unchanged: boolean; onSubmit: (patch: CampaignPatch) => void }) {
  const { campaign: c } = props;
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const readiness = useQuery(readinessQuery(t, c));
  const creatives = useQuery(creativesQuery(t));
  const mailboxes = useQuery({
    queryKey: workspaceKey(t, 'campaigns', 'mailboxes'),
    queryFn: ({ signal }) => api.get<{ data: { id: string; email: string }[] }>('/api/email-accounts', { signal, query: { pageSize: 100 } }),
  });
  const errors = useCampaignFormErrors(props.error, EDIT_FIELDS, 'change campaigns');
  const at = (path: string) => errors.byField[path];
  return (
    <QueryState query={readiness} label="the campaign’s send window">
      {(r) => {
        const shown: SendWindow = r.effective.sendWindow.configured;
        const own = r.effective.sendWindow.source === 'campaign';
        const accounts = mailboxes.data?.data ?? [];
        return (
          <form noValidate aria-label="Edit campaign" onSubmit={onSubmitValues((v) => props.onSubmit(campaignPatch(c, shown, v)))}>
            <FormErrors errors={[...errors.form, ...(at('sendWindow') ?? []), ...(at('senderConfig') ?? [])]} />
            <TextField name="name" label="Campaign name" defaultValue={c.name} errors={at('name')} />
            <fieldset aria-describedby={at('creativeIds') ? 'edit-creatives-error' : undefined}>
              <legend>Creatives (the audit rotates through them; a platform-rendered campaign needs one)</legend>
              {(creatives.data?.data ?? []).map((cr) => (
                <CheckboxField key={cr.id} name={CREATIVE_FIELD + cr.id} label={cr.name} defaultChecked={c.creativeIds.includes(cr.id)} />
              ))}
              {creatives.data?.data.length === 0 && <p className="muted">The workspace has no email creative yet.</p>}
              {at('creativeIds') && (
                <p id="edit-creatives-error" className="field-error">
                  {at('creativeIds')!.join(' ')}
                </p>
              )}
            </fieldset>
            <fieldset className="days-picker" aria-describedby={at('sendWindow.workDays') ? 'edit-workdays-error' : undefined}>
              <legend>Send window {own ? '(this campaign’s own)' : '(now the workspace’s: a change gives the campaign its own)'}</legend>
              <CheckboxField
                name="enabled"
                label="Send only inside this window (off: at any time)"
                defaultChecked={shown.enabled}
                errors={at('sendWindow.enabled')}
              />
              {WEEKDAYS.map(([n, day]) => (
                <CheckboxField key={n} name={`workDay${n}`} label={day} defaultChecked={shown.workDays.includes(n)} />
              ))}
              {at('sendWindow.workDays') && (
                <p id="edit-workdays-error" className="field-error">
                  {at('sendWindow.workDays')!.join(' ')}
                </p>
              )}
            </fieldset>
            <div className="form-grid align-start">
              <TextField name="startTime" label="Opens at" type="time" defaultValue={shown.startTime} errors={at('sendWindow.startTime')} />
              <TextField name="endTime" label="Closes at" type="time" defaultValue={shown.endTime} errors={at('sendWindow.endTime')} />
              <SelectField
                name="timezone"
                label="Time zone"
                defaultValue={shown.timezone}
                options={[...new Set([shown.timezone, ...timeZones()])].map((z) => ({ value: z, label: z }))}
                errors={at('sendWindow.timezone')}
              />
            </div>
            <div className="form-grid align-start">
              <SelectField
                name="accountId"
                label="Sending mailbox"
                defaultValue={c.senderConfig?.accountId ?? ''}
                options={[
                  ...(c.senderConfig ? [] : [{ value: '', label: 'The first mailbox that can send (default)' }]),
                  ...accounts.map((a) => ({ value: a.id, label: a.email })),
                ]}
                errors={at('senderConfig.accountId')}
              />
              <CheckboxField
                name="tracking"
                label="Track opens and clicks (with a chosen mailbox)"
                defaultChecked={c.senderConfig?.tracking ?? true}
                errors={at('senderConfig.tracking')}
              />
            </div>
            {props.unchanged && <p role="status">Nothing changed.</p>}
            <SubmitButton pending={props.pending}>Save campaign</SubmitButton>
          </form>
        );
      }}
    </QueryState>
  );
}
