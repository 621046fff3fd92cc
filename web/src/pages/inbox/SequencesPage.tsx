import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { mailboxesQuery, textToHtml } from './inbox-api';
import { formText } from './send-parts';
import type { Sequence } from './sequences-api';

const PAGE_SIZE = 25;
const MAX_STEPS = 10;

/** Follow-up sequences: the list, and a new sequence of steps (the first a new email, the rest replies in its thread). */
export default function SequencesPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const pages = useCursorPages();
  const list = useQuery({
    queryKey: workspaceKey(t, 'sequences', 'list', { pageSize: PAGE_SIZE, cursor: pages.cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: Sequence[]; nextCursor: string | null }>('/api/sequences', { signal, query: { pageSize: PAGE_SIZE, cursor: pages.cursor } }),
    meta: { action: 'see sequences' },
  });
  return (
    <div className="page">
      <h1>Sequences</h1>
      <p className="lead">
        Follow-ups sent as replies in the same thread until the person answers, bounces or unsubscribes. <Link to="/inbox">Inbox</Link>
      </p>
      <QueryState query={list} label="the sequences">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">No sequences yet.</p>
          ) : (
            <>
              <TableRegion label="Sequences">
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Steps</th>
                      <th scope="col">Enrolled</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((s) => (
                      <tr key={s.id}>
                        <td>
                          <Link to={`/sequences/${encodeURIComponent(s.id)}`}>{s.name}</Link>
                        </td>
                        <td>{s.steps.length}</td>
                        <td>{s.enrolledCount}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <CursorPager pages={pages} nextCursor={page.nextCursor} />
            </>
          )
        }
      </QueryState>
      <NewSequence />
    </div>
  );
}

function NewSequence() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mailboxes = useQuery(mailboxesQuery(t));
  const [steps, setSteps] = useState(1);
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Sequence>('/api/sequences', body),
    meta: { action: 'create sequences' },
    onSuccess: async (s) => {
      await queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'sequences') });
      void navigate(`/sequences/${encodeURIComponent(s.id)}`);
    },
  });
  const stepFields = Array.from({ length: steps }, (_, i) => [`steps.${i}.delayDays`, `steps.${i}.subject`, `steps.${i}.bodyHtml`, `steps.${i}`]).flat();
  const errors = useFormErrors(create.error, ['name', 'accountId', 'steps', ...stepFields], 'create sequences');
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const accountId = formText(form, 'accountId');
    create.mutate({
      name: formText(form, 'name'),
      ...(accountId ? { accountId } : {}),
      steps: Array.from({ length: steps }, (_, i) => {
        const body = formText(form, `steps.${i}.body`);
        const subject = formText(form, `steps.${i}.subject`);
        return { delayDays: Number(formText(form, `steps.${i}.delayDays`) || '0'), ...(subject ? { subject } : {}), bodyHtml: body ? textToHtml(body) : '' };
      }),
    });
  };
  return (
    <details className="page-section">
      <summary>New sequence</summary>
      <form onSubmit={onSubmit} noValidate>
        <FormErrors errors={errors.form} />
        <TextField name="name" label="Sequence name" maxLength={200} errors={errors.byField.name} />
        <SelectField
          name="accountId"
          label="Sending mailbox"
          options={[{ value: '', label: 'None: chosen when enrolling' }, ...(mailboxes.data?.data ?? []).map((m) => ({ value: m.id, label: m.email }))]}
          errors={errors.byField.accountId}
        />
        {Array.from({ length: steps }, (_, i) => (
          <fieldset key={i} className="rows">
            <legend>Step {i + 1}</legend>
            <TextField
              name={`steps.${i}.delayDays`}
              label={`Step ${i + 1}: business days after ${i === 0 ? 'enrolment' : 'the previous step'}`}
              type="number"
              min={0}
              max={90}
              defaultValue={i === 0 ? 0 : 3}
              errors={[...(errors.byField[`steps.${i}.delayDays`] ?? []), ...(errors.byField[`steps.${i}`] ?? [])]}
            />
            {i === 0 && <TextField name="steps.0.subject" label="Step 1: subject" maxLength={998} errors={errors.byField['steps.0.subject']} />}
            <TextAreaField
              name={`steps.${i}.body`}
              label={`Step ${i + 1}: message`}
              rows={4}
              hint={i === 0 ? '{{firstName}} and other variables and {spin|tax} work as in creatives.' : `Sent as a reply: Re: the first subject.`}
              errors={errors.byField[`steps.${i}.bodyHtml`]}
            />
          </fieldset>
        ))}
        <div className="actions">
          <button type="button" className="secondary" disabled={steps >= MAX_STEPS} onClick={() => setSteps(steps + 1)}>
            Add a step
          </button>
          <button type="button" className="secondary" disabled={steps <= 1} onClick={() => setSteps(steps - 1)}>
            Remove the last step
          </button>
        </div>
        <FormErrors errors={errors.byField.steps ?? []} />
        <SubmitButton pending={create.isPending}>Create sequence</SubmitButton>
      </form>
    </details>
  );
}
