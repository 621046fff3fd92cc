import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { paths } from '../../app/paths';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';

const LINK_WORDS: Record<string, string> = {
  link_used: 'This link has already been used. Ask for a new one.',
  link_expired: 'This link has expired (it works for one hour). Ask for a new one.',
  link_invalid: 'This link is not valid. Check that it was copied whole, or ask for a new one.',
};

/** Whether the link itself is the problem (spent, expired, unknown): then only a new link helps. */
function linkProblem(error: unknown): string | undefined {
  if (!isApiError(error) || (error.status !== 404 && error.status !== 410)) return undefined;
  return (error.code && LINK_WORDS[error.code]) ?? (error.status === 410 ? LINK_WORDS.link_expired : LINK_WORDS.link_invalid);
}

/** /app/set-password?token=…: the page of the mailed link; setting the password signs the person in. */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (password: string) => api.post('/api/auth/password-reset/confirm', { token, password }, { noTenant: true }),
    meta: { signInRedirect: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void navigate(paths.home, { replace: true });
    },
  });
  const problem = token ? linkProblem(confirm.error) : LINK_WORDS.link_invalid;
  const errors = useFormErrors(problem ? null : confirm.error, ['password']);

  return (
    <div className="page page-narrow">
      <h1>Set a new password</h1>
      {problem ? (
        <>
          <p className="form-errors" role="alert">
            {problem}
          </p>
          <p>
            <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        </>
      ) : (
        <form onSubmit={onSubmitValues((v) => confirm.mutate(String(v.password ?? '')))} noValidate>
          <FormErrors errors={errors.form} />
          <TextField
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 10 characters, not a common password."
            required
            errors={errors.byField.password}
          />
          <SubmitButton pending={confirm.isPending}>Set password and sign in</SubmitButton>
        </form>
      )}
    </div>
  );
}
