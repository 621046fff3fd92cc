import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { paths } from '../../app/paths';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';

const FIELDS = ['email', 'password', 'firstName', 'lastName', 'company'];

interface Registered {
  status: string;
  email: string;
  next: string;
}

/** POST /api/auth/register. The address and password rules are the API's: its 400 messages land on the fields. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const register = useMutation({
    mutationFn: (body: Record<string, string | boolean>) => api.post<Registered>('/api/auth/register', body, { noTenant: true }),
    meta: { signInRedirect: false },
    // The inert key of the answer is not kept: people sign in with the session; keys are made on the keys page.
    onSuccess: (r) => void navigate(paths.registered, { state: { email: r.email } }),
  });
  const errors = useFormErrors(register.error, FIELDS);
  return (
    <div className="page page-narrow">
      <h1>Create an account</h1>
      <p>Use your business address: we check its domain (website and mail servers). Other addresses are reviewed by hand.</p>
      <form onSubmit={onSubmitValues((v) => register.mutate(v))} noValidate>
        <FormErrors errors={errors.form} />
        <TextField name="email" label="Work email" type="email" autoComplete="email" required errors={errors.byField.email} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 10 characters, not a common password."
          errors={errors.byField.password}
        />
        <TextField name="firstName" label="First name" autoComplete="given-name" required errors={errors.byField.firstName} />
        <TextField name="lastName" label="Last name" autoComplete="family-name" errors={errors.byField.lastName} />
        <TextField name="company" label="Company" autoComplete="organization" errors={errors.byField.company} />
        <SubmitButton pending={register.isPending}>Create account</SubmitButton>
      </form>
      <p>
        Already registered? <Link to={paths.login}>Sign in</Link>
      </p>
    </div>
  );
}
