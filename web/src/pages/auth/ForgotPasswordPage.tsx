import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { paths } from '../../app/paths';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';

/** Asks for a link to set a new password; the answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const request = useMutation({
    mutationFn: (email: string) => api.post<{ message: string }>('/api/auth/password-reset', { email }, { noTenant: true }),
    meta: { signInRedirect: false },
  });
  const errors = useFormErrors(request.error, ['email']);

  return (
    <div className="page page-narrow">
      <h1>Forgot your password?</h1>
      {request.isSuccess ? (
        <p className="notice notice-success" role="status">
          {request.data.message}
        </p>
      ) : (
        <>
          <p>Enter the address you sign in with. We mail you a link to set a new password; it works once, for one hour.</p>
          <form onSubmit={onSubmitValues((v) => request.mutate(String(v.email ?? '')))} noValidate>
            <FormErrors errors={errors.form} />
            <TextField name="email" label="Email" type="email" autoComplete="username" required errors={errors.byField.email} />
            <SubmitButton pending={request.isPending}>Send the link</SubmitButton>
          </form>
        </>
      )}
      <p>
        <Link to={paths.login}>Back to sign in</Link>
      </p>
    </div>
  );
}
