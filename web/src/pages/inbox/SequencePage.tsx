import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { mailboxesQuery, when } from './inbox-api';
import { InlineSelect } from './InlineSelect';
import { formText } from './send-parts';
import {
  ENROLMENT_STATUS_WORDS,
  parseIds,
  SKIP_WORDS,
  stopReasonInWords,
  type EnrolAnswer,
  type Enrolment,
  type EnrolmentStatus,
  type Sequence,
} from './sequences-api';

const PAGE_SIZE = 50;

/** One sequence: its steps, enrolling contacts (or a task's non-responders), and every enrolment with where it stands or why it stopped. */
export default function SequencePage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const sequence = useQuery({
    queryKey: workspaceKey(t, 'sequences', 'one', id),
    queryFn: ({ signal }) => api.get<Sequence>(`/api/sequences/${encodeURIComponent(id)}`, { signal }),
    meta: { action: 'see sequences' },
  });
  return (
    <div className="page">
      <p>
        <Link to="/sequences">All sequences</Link>
      </p>
      <QueryState query={sequence} label="the sequence">
        {(s) => (
          <>
            <h1>{s.name}</h1>
            <p>{s.enrolledCount} enrolled.</p>
            <h2>Steps</h2>
            <ol className="sequence-steps">
              {s.steps.map((step) => (
                <li key={step.step}>
                  {step.delayDays} business {step.delayDays === 1 ? 'day' : 'days'} after {step.step === 1 ? 'enrolment' : 'the previous step'}:{' '}
                  {step.creativeId ? (
                    <Link to={`/creatives/${encodeURIComponent(step.creativeId)}`}>a creative</Link>
                  ) : step.step === 1 ? (
                    `“${step.subject ?? ''}”`
                  ) : (
                    'a reply in the thread'
                  )}
                </li>
              ))}
            </ol>
            <EnrolForm sequence={s} />
            <Enrolments sequenceId={s.id} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function EnrolForm({ sequence }: { sequence: Sequence }) {
  const sequenceId = sequence.id;
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const mailboxes = useQuery(mailboxesQuery(workspace.tenantId));
  const enrol = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<EnrolAnswer>(`/api/sequences/${encodeURIComponent(sequenceId)}/enroll`, body),
    meta: { action: 'enrol contacts' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspace.tenantId, 'sequences') }),
  });
  const errors = useFormErrors(enrol.error, ['contactIds', 'taskId', 'afterDays', 'accountId'], 'enrol contacts');
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const ids = parseIds(formText(form, 'contactIds'));
    const taskId = formText(form, 'taskId');
    const afterDays = formText(form, 'afterDays');
    const accountId = formText(form, 'accountId');
    enrol.mutate({
      ...(accountId ? { accountId } : {}),
      ...(ids.length ? { contactIds: ids } : {}),
      ...(taskId ? { taskId, ...(afterDays ? { afterDays: Number(afterDays) } : {}) } : {}),
    });
  };
  return (
    <section aria-labelledby="enrol-heading" className="page-section">
      <h2 id="enrol-heading">Enrol</h2>
      <form onSubmit={onSubmit} noValidate>
        <FormErrors errors={errors.form} />
        <TextAreaField name="contactIds" label="Contact ids (one per line)" rows={3} errors={errors.byField.contactIds} />
        <p>Or everyone a mailing task emailed who has not answered:</p>
        <div className="form-grid">
          <TextField name="taskId" label="Mailing task id" maxLength={64} errors={errors.byField.taskId} />
          <TextField
            name="afterDays"
            label="Unanswered for at least (days)"
            type="number"
            min={0}
            max={365}
            placeholder="3"
            errors={errors.byField.afterDays}
          />
        </div>
        <SelectField
          name="accountId"
          label="Sending mailbox"
          options={[
            { value: '', label: sequence.accountId ? "The sequence's mailbox" : "The task's mailbox (for a task's non-responders)" },
            ...(mailboxes.data?.data ?? []).map((m) => ({ value: m.id, label: m.email })),
          ]}
          errors={errors.byField.accountId}
        />
        <SubmitButton pending={enrol.isPending}>Enrol</SubmitButton>
      </form>
      <div role="status">
        {enrol.data && (
          <div className="notice notice-success">
            <p>
              {enrol.data.enrolled} enrolled{enrol.data.skipped.length ? `, ${enrol.data.skipped.length} skipped:` : '.'}
            </p>
            {enrol.data.skipped.length > 0 && (
              <ul>
                {enrol.data.skipped.map((k) => (
                  <li key={k.contactId}>
                    {k.contactId}: {SKIP_WORDS[k.reason] ?? k.reason.replace(/_/g, ' ')}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function Enrolments({ sequenceId }: { sequenceId: string }) {
  const { workspace } = useWorkspace();
  const pages = useCursorPages();
  const [status, setStatus] = useState<EnrolmentStatus | ''>('');
  const list = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'sequences', 'enrolments', sequenceId, { status, pageSize: PAGE_SIZE, cursor: pages.cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: Enrolment[]; nextCursor: string | null }>(`/api/sequences/${encodeURIComponent(sequenceId)}/enrolments`, {
        signal,
        query: { status, pageSize: PAGE_SIZE, cursor: pages.cursor },
      }),
    meta: { action: 'see sequences' },
  });
  return (
    <section aria-labelledby="enrolments-heading" className="page-section">
      <h2 id="enrolments-heading">Who is enrolled, and who stopped and why</h2>
      <div className="toolbar">
        <InlineSelect
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v as EnrolmentStatus | '');
            pages.reset();
          }}
          options={[{ value: '', label: 'Every status' }, ...Object.entries(ENROLMENT_STATUS_WORDS).map(([k, v]) => ({ value: k, label: v }))]}
        />
      </div>
      <QueryState query={list} label="the enrolments">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">{status ? 'No enrolment with this status.' : 'Nobody enrolled yet.'}</p>
          ) : (
            <>
              <TableRegion label="Enrolments">
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">Contact</th>
                      <th scope="col">Status</th>
                      <th scope="col">Steps sent</th>
                      <th scope="col">Next</th>
                      <th scope="col">Why it stopped</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((e) => (
                      <tr key={e.contactId}>
                        <td>
                          <Link to={`/contacts/${encodeURIComponent(e.contactId)}`}>{e.email}</Link>
                        </td>
                        <td>{ENROLMENT_STATUS_WORDS[e.status] ?? e.status}</td>
                        <td>{e.stepsQueued}</td>
                        <td>{e.nextStep && e.nextDueAt ? `Step ${e.nextStep}, ${when(e.nextDueAt)}` : '—'}</td>
                        <td>{stopReasonInWords(e.stopReason) || '—'}</td>
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
    </section>
  );
}
