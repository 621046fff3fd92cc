import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasStatus } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { login } from '../../api/session';
import { paths, safeNext } from '../../app/paths';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';

const FIELDS = ['email', 'password'];

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useMutation({
    mutationFn: login,
    meta: { signInRedirect: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });
  const errors = useFormErrors(signIn.error, FIELDS);
  const formErrors = hasStatus(signIn.error, 401) ? ['The email or the password is wrong.'] : errors.form;

  return (
    <div className="page page-narrow">
      <h1>Sign in</h1>
      {params.get('expired') && (
        <p className="notice" role="status">
          Your session has ended. Sign in again to continue where you were.
        </p>
      )}
      {safeNext(params.get('next')).startsWith('/invite?') && (
        <p className="notice" role="status">
          Sign in to see and accept your workspace invitation. No account yet? Create one with the invited address, then open the link again.
        </p>
      )}
      {params.get('verified') && (
        <p className="notice notice-success" role="status">
          Your address is verified and your workspace is ready. Sign in to start.
        </p>
      )}
      <form onSubmit={onSubmitValues((v) => signIn.mutate({ email: String(v.email ?? ''), password: String(v.password ?? '') }))} noValidate>
        <FormErrors errors={formErrors} />
        <TextField name="email" label="Email" type="email" autoComplete="username" required errors={errors.byField.email} />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" required errors={errors.byField.password} />
        <SubmitButton pending={signIn.isPending}>Sign in</SubmitButton>
      </form>
      <p>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <p>
        New here? <Link to={paths.register}>Create an account</Link>
      </p>
    </div>
  );
}
