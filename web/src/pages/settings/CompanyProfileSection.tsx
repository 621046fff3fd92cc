import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { canAdminister, useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { settingsKey, type CompanyProfile } from './settings-api';

const FIELDS = ['companyName', 'physicalAddress', 'senderName', 'website'];

/** The sender identity and physical address printed in every email's footer (required before sending). */
export function CompanyProfileSection() {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const key = settingsKey(workspace.tenantId, 'company-profile');
  const current = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ configured: boolean; profile: CompanyProfile | null }>('/api/settings/company-profile', { signal }),
    meta: { action: 'see the company profile' },
  });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.put<{ configured: boolean; profile: CompanyProfile | null }>('/api/settings/company-profile', body),
    meta: { action: 'change the company profile' },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const errors = useFormErrors(save.error, FIELDS, 'change the company profile');
  const editable = canAdminister(workspace);
  return (
    <section aria-labelledby="profile-heading" className="page-section">
      <h2 id="profile-heading">Company profile</h2>
      <QueryState query={current} label="the company profile">
        {(r) => (
          <form key={JSON.stringify(r.profile)} onSubmit={onSubmitValues((v) => save.mutate(v))} noValidate aria-labelledby="profile-heading">
            {!r.configured && <p className="notice">Not set yet: every email carries this identity and address, and sending refuses to start without them.</p>}
            {save.isSuccess && <p className="notice notice-success">Company profile saved.</p>}
            <FormErrors errors={errors.form} />
            <div className="form-grid align-start">
              <TextField
                name="companyName"
                label="Company name"
                defaultValue={r.profile?.companyName}
                disabled={!editable}
                errors={errors.byField.companyName}
              />
              <TextField
                name="senderName"
                label="Sender name (optional)"
                defaultValue={r.profile?.senderName}
                disabled={!editable}
                errors={errors.byField.senderName}
              />
              <TextField name="website" label="Website (optional)" defaultValue={r.profile?.website} disabled={!editable} errors={errors.byField.website} />
            </div>
            <TextAreaField
              name="physicalAddress"
              label="Physical address"
              rows={3}
              defaultValue={r.profile?.physicalAddress}
              disabled={!editable}
              hint="The postal address printed in every email footer."
              errors={errors.byField.physicalAddress}
            />
            {editable && (
              <div>
                <SubmitButton pending={save.isPending}>Save the company profile</SubmitButton>
              </div>
            )}
          </form>
        )}
      </QueryState>
    </section>
  );
}
