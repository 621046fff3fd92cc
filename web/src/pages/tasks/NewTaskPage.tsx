import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { GuardrailPreviewView } from './GuardrailPreviewView';
import { tasksKey, type GuardrailPreview, type MailingTask } from './tasks-api';

interface Choice {
  id: string;
  name?: string;
  email?: string;
  memberCount?: number;
  status?: string;
}
type Page = { data: Choice[]; nextCursor: string | null };

const FIELDS = ['contactListId', 'creativeId', 'accountId', 'description'];
const STEPS = ['Recipients', 'Creative and mailbox', 'Review and create'];

/** The three steps of a new mailing task: the list (with what the guardrails would skip), the creative and mailbox, a review. */
export default function NewTaskPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState({ contactListId: '', creativeId: '', accountId: '', description: '' });
  const set = (k: keyof typeof choice) => (e: { target: { value: string } }) => setChoice((c) => ({ ...c, [k]: e.target.value }));
  const options = (area: string, path: string, query: Record<string, string | number>) => ({
    queryKey: tasksKey(t, 'choices', area),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Page>(path, { signal, query }),
  });
  const lists = useQuery({ ...options('lists', '/api/contact-lists', { pageSize: 100 }), meta: { action: 'see contact lists' } });
  const creatives = useQuery({ ...options('creatives', '/api/creatives', { pageSize: 100, type: 'EMAIL' }), meta: { action: 'see creatives' } });
  const mailboxes = useQuery({ ...options('mailboxes', '/api/email-accounts', { pageSize: 100 }), meta: { action: 'see mailboxes' } });
  const preview = useQuery({
    queryKey: tasksKey(t, 'guardrails-preview', choice.contactListId),
    queryFn: () => api.post<GuardrailPreview>('/api/tasks/guardrails-preview', { contactListId: choice.contactListId }),
    enabled: choice.contactListId !== '',
    staleTime: 30_000,
    meta: { action: 'preview a mailing task' },
  });
  const create = useMutation({
    mutationFn: () => api.post<MailingTask>('/api/tasks', { methodId: 2, ...choice }),
    meta: { action: 'create mailing tasks' },
    onSuccess: async (task) => {
      await queryClient.invalidateQueries({ queryKey: tasksKey(t, 'list') });
      void navigate(`/tasks/${encodeURIComponent(task.id)}`);
    },
  });
  const errors = useFormErrors(create.error, FIELDS, 'create mailing tasks');
  const nameOf = (q: typeof lists, id: string) => q.data?.data.find((x) => x.id === id);
  const canNext = step === 0 ? choice.contactListId !== '' : choice.creativeId !== '' && choice.accountId !== '';

  return (
    <div className="page">
      <h1>New mailing task</h1>
      <ol className="wizard-steps">
        {STEPS.map((s, i) => (
          <li key={s} aria-current={i === step ? 'step' : undefined}>
            {s}
          </li>
        ))}
      </ol>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < 2) setStep(step + 1);
          else create.mutate();
        }}
      >
        <h2>
          Step {step + 1} of 3: {STEPS[step]}
        </h2>
        {step === 0 && (
          <QueryState query={lists} label="the contact lists">
            {(page) => (
              <>
                <SelectField
                  name="contactListId"
                  label="Contact list"
                  value={choice.contactListId}
                  onChange={set('contactListId')}
                  errors={errors.byField.contactListId}
                  options={[
                    { value: '', label: 'Choose a list' },
                    ...page.data.map((l) => ({
                      value: l.id,
                      label: l.memberCount === undefined ? (l.name ?? l.id) : `${l.name ?? l.id} (${l.memberCount.toLocaleString()} contacts)`,
                    })),
                  ]}
                />
                {page.data.length === 0 && (
                  <p>
                    No contact lists yet: make one on the <Link to="/contact-lists">contact lists</Link> page.
                  </p>
                )}
                {choice.contactListId && (
                  <QueryState query={preview} label="the guardrail preview">
                    {(p) => <GuardrailPreviewView preview={p} />}
                  </QueryState>
                )}
              </>
            )}
          </QueryState>
        )}
        {step === 1 && (
          <>
            <QueryState query={creatives} label="the creatives">
              {(page) => (
                <SelectField
                  name="creativeId"
                  label="Creative"
                  value={choice.creativeId}
                  onChange={set('creativeId')}
                  errors={errors.byField.creativeId}
                  options={[{ value: '', label: 'Choose a creative' }, ...page.data.map((c) => ({ value: c.id, label: c.name ?? c.id }))]}
                />
              )}
            </QueryState>
            <QueryState query={mailboxes} label="the mailboxes">
              {(page) => (
                <SelectField
                  name="accountId"
                  label="Mailbox that sends"
                  value={choice.accountId}
                  onChange={set('accountId')}
                  errors={errors.byField.accountId}
                  options={[
                    { value: '', label: 'Choose a mailbox' },
                    ...page.data.map((m) => ({
                      value: m.id,
                      label: `${m.name ?? ''} <${m.email ?? m.id}>${m.status && m.status !== 'ACTIVE' ? ` (${m.status.toLowerCase()})` : ''}`,
                    })),
                  ]}
                />
              )}
            </QueryState>
          </>
        )}
        {step === 2 && (
          <>
            <FormErrors errors={[...errors.form, ...(['contactListId', 'creativeId', 'accountId'] as const).flatMap((f) => errors.byField[f] ?? [])]} />
            <dl className="summary">
              <dt>Contact list</dt>
              <dd>{nameOf(lists, choice.contactListId)?.name ?? choice.contactListId}</dd>
              <dt>Would be sent</dt>
              <dd>{preview.data ? `${preview.data.wouldSend.toLocaleString()} (${preview.data.skipped.toLocaleString()} skipped)` : '…'}</dd>
              <dt>Creative</dt>
              <dd>{nameOf(creatives, choice.creativeId)?.name ?? choice.creativeId}</dd>
              <dt>Mailbox</dt>
              <dd>{nameOf(mailboxes, choice.accountId)?.email ?? choice.accountId}</dd>
            </dl>
            <TextField
              name="description"
              label="Description"
              hint="What this mailing is for; people approving it read this."
              value={choice.description}
              onChange={set('description')}
              errors={errors.byField.description}
              required
            />
          </>
        )}
        <p className="actions">
          {step > 0 && (
            <button type="button" className="secondary" onClick={() => setStep(step - 1)}>
              Back
            </button>
          )}
          {step < 2 ? (
            <button type="submit" disabled={!canNext}>
              Next
            </button>
          ) : (
            <SubmitButton pending={create.isPending}>Create task</SubmitButton>
          )}
        </p>
      </form>
    </div>
  );
}
