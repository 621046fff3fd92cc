import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { paths } from '../../app/paths';
import { CheckboxField, FormErrors, onSubmitValues, SelectField, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';

const FIELDS = [
  'signup_token',
  'companyName',
  'website',
  'jobTitle',
  'companySize',
  'country',
  'phone',
  'useCase',
  'targetCountries',
  'expectedMonthlyVolume',
  'contactSource',
  'b2bOnly',
];
const SIZES = ['', '1-10', '11-50', '51-200', '201-1000', '1000+'].map((v) => ({ value: v, label: v || 'Choose…' }));

interface Submitted {
  status: string;
  revision: number;
}

/** Turns the form's strings into the dto of POST /api/auth/signup-questionnaire; the API validates the rest. */
function toBody(token: string, v: Record<string, string | boolean>) {
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string).trim() : undefined);
  const volume = text('expectedMonthlyVolume');
  const countries = text('targetCountries');
  return {
    signup_token: token,
    companyName: text('companyName') ?? '',
    website: text('website'),
    jobTitle: text('jobTitle'),
    companySize: text('companySize'),
    country: text('country')?.toUpperCase(),
    phone: text('phone'),
    useCase: text('useCase') ?? '',
    targetCountries: countries
      ? countries
          .split(/[\s,;]+/)
          .filter(Boolean)
          .map((c) => c.toUpperCase())
      : undefined,
    expectedMonthlyVolume: volume !== undefined ? Number(volume) : undefined,
    contactSource: text('contactSource') ?? '',
    b2bOnly: v.b2bOnly === true,
  };
}

/** Where the verification link sends an address that the automatic checks could not pass. */
export default function QuestionnairePage() {
  const [params] = useSearchParams();
  const token = params.get('signup_token');
  const submit = useMutation({
    mutationFn: (body: ReturnType<typeof toBody>) => api.post<Submitted>('/api/auth/signup-questionnaire', body, { noTenant: true }),
    meta: { signInRedirect: false },
  });
  const errors = useFormErrors(submit.error, FIELDS);

  if (!token)
    return (
      <div className="page page-narrow">
        <h1>About your business</h1>
        <p role="alert">This page needs the link from your verification email. Open the link from the email again.</p>
      </div>
    );
  if (submit.data)
    return (
      <div className="page page-narrow">
        <h1>Thank you</h1>
        <p role="status">
          Your answers are saved. Your registration is {submit.data.status}: an administrator reviews it, and we email you when your workspace is ready.
        </p>
        <p>
          <Link to={paths.login}>Go to sign in</Link>
        </p>
      </div>
    );
  return (
    <div className="page page-narrow">
      <h1>About your business</h1>
      <p>Your address could not be checked automatically. Tell us about your business; an administrator reviews the answers.</p>
      <form onSubmit={onSubmitValues((v) => submit.mutate(toBody(token, v)))} noValidate>
        <FormErrors errors={[...errors.form, ...(errors.byField.signup_token ?? [])]} />
        <TextField name="companyName" label="Company name" required errors={errors.byField.companyName} />
        <TextField name="website" label="Website" type="url" placeholder="https://" errors={errors.byField.website} />
        <TextField name="jobTitle" label="Your job title" errors={errors.byField.jobTitle} />
        <SelectField name="companySize" label="Company size (people)" options={SIZES} errors={errors.byField.companySize} />
        <TextField name="country" label="Country (two letters, e.g. DE)" maxLength={2} autoComplete="country" errors={errors.byField.country} />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" errors={errors.byField.phone} />
        <TextAreaField name="useCase" label="What will you use svc for?" required rows={3} errors={errors.byField.useCase} />
        <TextField
          name="targetCountries"
          label="Countries you write to"
          hint="Two-letter codes separated by commas, e.g. DE, AT"
          errors={errors.byField.targetCountries}
        />
        <TextField
          name="expectedMonthlyVolume"
          label="Emails per month (expected)"
          type="number"
          min={0}
          inputMode="numeric"
          errors={errors.byField.expectedMonthlyVolume}
        />
        <TextAreaField name="contactSource" label="Where do your contacts come from?" required rows={3} errors={errors.byField.contactSource} />
        <CheckboxField name="b2bOnly" label="I write to businesses only (B2B)" errors={errors.byField.b2bOnly} />
        <SubmitButton pending={submit.isPending}>Send answers</SubmitButton>
      </form>
    </div>
  );
}
