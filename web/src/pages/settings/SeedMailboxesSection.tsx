import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../api/client';
import { canAdminister, useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, TextField, useFormErrors } from '../../components/form';
import { StateBadge } from '../senders/VerdictBadge';
import { seedBody, SEED_KEYS, settingsKey } from './settings-api';
import { QueryState } from '../../components/QueryState';

const PROVIDERS = ['gmail', 'microsoft', 'yahoo', 'yandex', 'mailru', 'other'];
const MAX_SEEDS = 10;

interface SavedSeed {
  email: string;
  provider?: string;
  imapHost: string;
  imapPort: number;
  imapUser: string;
}

interface SeedAnswer {
  ok: boolean;
  saved: boolean;
  results: { email: string; ok: boolean; code?: string; message?: string }[];
}

/**
 * Seed mailboxes: the addresses inbox-placement tests send to and read over IMAP. Their logins are
 * tested; "Test and save" (ADMIN or SUPER) stores the list, replacing the saved one, when every login works.
 */
export function SeedMailboxesSection() {
  const { workspace } = useWorkspace();
  const [rows, setRows] = useState(1);
  const saving = useRef(false);
  const queryClient = useQueryClient();
  const savedKey = settingsKey(workspace.tenantId, 'seed-mailboxes');
  const saved = useQuery({
    queryKey: savedKey,
    queryFn: ({ signal }) => api.get<{ mailboxes: SavedSeed[] }>('/api/settings/inbox-check/mailboxes', { signal }),
  });
  const test = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<SeedAnswer>('/api/settings/inbox-check/test-connection', body),
    meta: { action: 'test seed mailboxes' },
    onSuccess: (r) => void (r.saved && queryClient.invalidateQueries({ queryKey: savedKey })),
  });
  const fields = Array.from({ length: rows }, (_, i) => SEED_KEYS.map((k) => `mailboxes.${i}.${k}`)).flat();
  const errors = useFormErrors(test.error, ['mailboxes', ...fields], 'test seed mailboxes');
  return (
    <section aria-labelledby="seeds-heading" className="page-section">
      <h2 id="seeds-heading">Seed mailboxes for inbox-placement tests</h2>
      <p>A placement test sends to these mailboxes and reads where each message landed (inbox, spam, missing).</p>
      <QueryState query={saved} label="the saved seed mailboxes">
        {(d) =>
          d.mailboxes.length === 0 ? (
            <p className="muted">No seed mailboxes saved yet.</p>
          ) : (
            <>
              <p>Saved ({d.mailboxes.length}); their passwords are kept encrypted and never shown:</p>
              <ul className="plain">
                {d.mailboxes.map((m) => (
                  <li key={m.email}>
                    {m.email} ({m.provider ?? 'provider not set'}) — IMAP {m.imapUser} at {m.imapHost}:{m.imapPort}
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
      <form onSubmit={onSubmitValues((v) => test.mutate({ mailboxes: seedBody(v, rows), save: saving.current }))} noValidate aria-labelledby="seeds-heading">
        <FormErrors errors={[...errors.form, ...(errors.byField.mailboxes ?? [])]} />
        {Array.from({ length: rows }, (_, i) => (
          <fieldset key={i} className="rows">
            <legend>Seed mailbox {i + 1}</legend>
            <div className="form-grid align-start">
              <TextField name={`mailboxes.${i}.email`} label={`Address (seed ${i + 1})`} type="email" errors={errors.byField[`mailboxes.${i}.email`]} />
              <SelectField
                name={`mailboxes.${i}.provider`}
                label={`Provider (seed ${i + 1})`}
                options={PROVIDERS.map((p) => ({ value: p, label: p }))}
                errors={errors.byField[`mailboxes.${i}.provider`]}
              />
              <TextField name={`mailboxes.${i}.imapHost`} label={`IMAP host (seed ${i + 1})`} errors={errors.byField[`mailboxes.${i}.imapHost`]} />
              <TextField
                name={`mailboxes.${i}.imapPort`}
                label={`IMAP port (seed ${i + 1})`}
                type="number"
                defaultValue={993}
                errors={errors.byField[`mailboxes.${i}.imapPort`]}
              />
              <TextField
                name={`mailboxes.${i}.imapUser`}
                label={`IMAP user (seed ${i + 1})`}
                autoComplete="off"
                errors={errors.byField[`mailboxes.${i}.imapUser`]}
              />
              <TextField
                name={`mailboxes.${i}.imapPass`}
                label={`IMAP password (seed ${i + 1})`}
                type="password"
                autoComplete="new-password"
                errors={errors.byField[`mailboxes.${i}.imapPass`]}
              />
            </div>
          </fieldset>
        ))}
        <div className="actions">
          {rows < MAX_SEEDS && (
            <button type="button" className="secondary" onClick={() => setRows((n) => n + 1)}>
              Add a seed mailbox
            </button>
          )}
          {rows > 1 && (
            <button type="button" className="secondary" onClick={() => setRows((n) => n - 1)}>
              Remove the last seed mailbox
            </button>
          )}
          <button type="submit" className="secondary" disabled={test.isPending} onClick={() => (saving.current = false)}>
            Test the logins
          </button>
          {canAdminister(workspace) && (
            <button type="submit" disabled={test.isPending} onClick={() => (saving.current = true)}>
              Test and save the seed mailboxes
            </button>
          )}
        </div>
      </form>
      {test.data && (
        <div aria-live="polite">
          <ul className="plain">
            {test.data.results.map((r) => (
              <li key={r.email}>
                <StateBadge tone={r.ok ? 'pass' : 'fail'}>{r.ok ? 'Login works' : 'Login failed'}</StateBadge> {r.email}
                {!r.ok && `: ${r.message ?? r.code ?? ''}`}
              </li>
            ))}
          </ul>
          <p>
            {test.data.saved
              ? 'Saved: placement tests use these seed mailboxes.'
              : saving.current
                ? 'Not saved: every login must work first.'
                : 'Tested only; nothing was saved.'}
          </p>
        </div>
      )}
    </section>
  );
}
