import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { sendersKey, type EmailAccount } from './senders-api';
import { connectFailure, connectBody, CONNECT_FIELDS, type MailSide } from './connect-form';
import './senders.css';

/**
 * Connecting a mailbox, the spec's three ways: OAuth (Google, Microsoft), SMTP + IMAP with an
 * application password (the form's two halves; a failed login is shown in the half it concerns), and
 * the Outlook combo import.
 */
export default function ConnectSenderPage() {
  return (
    <div className="page">
      <h1>Connect a sender mailbox</h1>
      <OAuthStart />
      <PasswordForm />
      <ComboImport />
      <p>
        <Link to="/senders">All sender mailboxes</Link>
      </p>
    </div>
  );
}

function useConnected() {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (a: EmailAccount) => {
    void queryClient.invalidateQueries({ queryKey: sendersKey(workspace.tenantId) });
    void navigate(`/senders/${encodeURIComponent(a.id)}`);
  };
}

function OAuthStart() {
  const start = useMutation({
    mutationFn: (provider: 'google' | 'microsoft') => api.post<{ authorizationUrl: string }>(`/api/email-accounts/oauth/${provider}/start`),
    meta: { action: 'connect mailboxes' },
    onSuccess: (r) => {
      // The provider's consent page, in this browser (it holds the binding cookie). Only a web address is followed.
      if (/^https?:\/\//i.test(r.authorizationUrl)) window.location.assign(r.authorizationUrl);
    },
  });
  return (
    <section aria-labelledby="oauth-heading">
      <h2 id="oauth-heading">With Google or Microsoft (preferred)</h2>
      <p>You consent at the provider; no password is stored. The mailbox appears in the list when you come back.</p>
      <div className="actions">
        <button type="button" onClick={() => start.mutate('google')} disabled={start.isPending}>
          Connect with Google
        </button>
        <button type="button" onClick={() => start.mutate('microsoft')} disabled={start.isPending}>
          Connect with Microsoft
        </button>
      </div>
      {start.error ? (
        <p className="error-text" role="alert">
          {describeError(start.error, 'connect mailboxes')}
        </p>
      ) : null}
    </section>
  );
}

function PasswordForm() {
  const connected = useConnected();
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<EmailAccount>('/api/email-accounts', body),
    meta: { action: 'connect mailboxes' },
    onSuccess: connected,
  });
  const failure = connectFailure(create.error);
  const errors = useFormErrors(failure ? null : create.error, CONNECT_FIELDS, 'connect mailboxes');
  const formErrors = failure && !failure.side ? [failure.message] : errors.form;
  const side = (name: MailSide, label: string) => {
    const failed = failure !== undefined && failure.side === name;
    return (
      <fieldset className={failed ? 'side-failed' : undefined} aria-describedby={failed ? `${name}-failure` : undefined}>
        <legend>{label}</legend>
        {failed && (
          <p id={`${name}-failure`} className="error-text" role="alert">
            {failure?.message}
          </p>
        )}
        <TextField name={`${name}Host`} label={`${label} host`} autoComplete="off" errors={errors.byField[`${name}Host`]} />
        <TextField name={`${name}Port`} label={`${label} port`} type="number" inputMode="numeric" errors={errors.byField[`${name}Port`]} />
        <TextField name={`${name}User`} label={`${label} user`} autoComplete="off" errors={errors.byField[`${name}User`]} />
        <TextField
          name={`${name}Pass`}
          label={`${label} application password`}
          type="password"
          autoComplete="new-password"
          errors={errors.byField[`${name}Pass`]}
        />
      </fieldset>
    );
  };
  return (
    <section aria-labelledby="password-heading" className="page-section">
      <h2 id="password-heading">With SMTP and IMAP (application password)</h2>
      <p>Both logins are tried for real before anything is stored. Use an application password, never the webmail password.</p>
      <form onSubmit={onSubmitValues((v) => create.mutate(connectBody(v)))} noValidate aria-labelledby="password-heading">
        <FormErrors errors={formErrors} />
        <div className="form-grid align-start">
          <TextField name="name" label="Display name" errors={errors.byField.name} />
          <TextField name="email" label="Sending address" type="email" autoComplete="off" errors={errors.byField.email} />
          <TextField
            name="dailyLimit"
            label="Daily cap (optional)"
            type="number"
            min={1}
            hint="Messages a day when no warm-up runs; empty = no cap."
            errors={errors.byField.dailyLimit}
          />
        </div>
        <div className="connect-sides">
          {side('smtp', 'SMTP')}
          {side('imap', 'IMAP')}
        </div>
        <div>
          <SubmitButton pending={create.isPending}>Connect the mailbox</SubmitButton>
        </div>
      </form>
    </section>
  );
}

function ComboImport() {
  const connected = useConnected();
  const [shown, setShown] = useState(false);
  const importCombo = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<EmailAccount>('/api/email-accounts/import-oauth', body),
    meta: { action: 'connect mailboxes' },
    onSuccess: connected,
  });
  const failure = connectFailure(importCombo.error);
  const errors = useFormErrors(failure ? null : importCombo.error, ['combo', 'name'], 'connect mailboxes');
  return (
    <section aria-labelledby="combo-heading" className="page-section">
      <h2 id="combo-heading">Outlook or Hotmail from a combo string</h2>
      {!shown ? (
        <button type="button" className="secondary" onClick={() => setShown(true)}>
          Import from a combo string
        </button>
      ) : (
        <form onSubmit={onSubmitValues((v) => importCombo.mutate(v))} noValidate aria-labelledby="combo-heading">
          <FormErrors errors={failure ? [failure.message] : errors.form} />
          <TextAreaField
            name="combo"
            label="Combo"
            rows={3}
            hint="email:password:refresh_token:client_id. The password part is not stored."
            errors={errors.byField.combo}
          />
          <TextField name="name" label="Display name (optional)" errors={errors.byField.name} />
          <div>
            <SubmitButton pending={importCombo.isPending}>Import the mailbox</SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
