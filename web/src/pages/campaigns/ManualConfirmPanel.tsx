import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextAreaField } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { useSelection } from '../../components/selection';
import { TableRegion } from '../../components/TableRegion';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { useCampaignFormErrors } from './ActionError';
import { confirmOutcomes } from './campaign-words';
import { campaignKey, campaignPath, MANUAL_CONFIRM, type Campaign, type ConfirmResult, type Recipient } from './campaigns-api';

const FIELDS = ['contactIds', 'evidence'];

/**
 * RU recipients (prior consent needed): held SKIPPED geo_manual_confirm at screen until a person vouches
 * for their consent. Ticked ones are confirmed with the evidence (stored on each), screened again by the
 * API, and each id's outcome is said in words.
 */
export function ManualConfirmPanel({ campaign: c, defer }: { campaign: Campaign; defer: boolean }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const selection = useSelection();
  const [sent, setSent] = useState<{ ids: string[]; emails: Map<string, string> } | null>(null);
  const waiting = useQuery({
    queryKey: campaignKey(t, c.id, 'recipients', 'manual-confirm', pages.cursor),
    queryFn: ({ signal }) =>
      api.get<{ data: Recipient[]; nextCursor: string | null }>(campaignPath(c.id, '/recipients'), {
        signal,
        query: { status: 'SKIPPED', reason: MANUAL_CONFIRM, limit: 100, cursor: pages.cursor },
      }),
    enabled: !defer,
    meta: { action: 'see recipients' },
  });
  const confirm = useMutation({
    mutationFn: (body: { contactIds: string[]; evidence: string }) => api.post<ConfirmResult>(campaignPath(c.id, '/recipients/confirm'), body),
    meta: { action: 'confirm recipients' },
    onSuccess: () => {
      selection.clear();
      return queryClient.invalidateQueries({ queryKey: campaignKey(t, c.id) });
    },
  });
  const errors = useCampaignFormErrors(confirm.error, FIELDS, 'confirm recipients');
  const rows = waiting.data?.data ?? [];
  const allTicked = rows.length > 0 && rows.every((r) => selection.has(r.contactId));
  return (
    <section className="page-section" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">Recipients awaiting consent (Russia)</h2>
      <p className="muted">
        Russia needs the recipient’s prior consent, so these are held back (skipped, manual confirm) until you confirm it. Confirmed ones are screened again;
        the other rules still apply.
      </p>
      <QueryState query={waiting} label="the recipients awaiting manual confirm">
        {(page) =>
          page.data.length === 0 && !page.nextCursor && pages.page === 1 ? (
            <p className="muted">No recipient is waiting for manual confirm.</p>
          ) : (
            <form
              noValidate
              aria-labelledby="confirm-heading"
              onSubmit={onSubmitValues((v) => {
                const ids = selection.ids;
                setSent({ ids, emails: new Map(rows.map((r) => [r.contactId, r.email])) });
                confirm.mutate({ contactIds: ids, evidence: typeof v.evidence === 'string' ? v.evidence : '' });
              })}
            >
              <FormErrors errors={errors.form} />
              <TableRegion label="Recipients awaiting manual confirm">
                <table className="data">
                  <caption className="visually-hidden">Recipients awaiting manual confirm</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <input
                          type="checkbox"
                          aria-label="Select every recipient on this page"
                          checked={allTicked}
                          onChange={() => rows.forEach((r) => selection.has(r.contactId) === allTicked && selection.toggle(r.contactId))}
                        />
                      </th>
                      <th scope="col">Email</th>
                      <th scope="col">Country</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((r) => (
                      <tr key={r.contactId}>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={`Select ${r.email}`}
                            checked={selection.has(r.contactId)}
                            onChange={() => selection.toggle(r.contactId)}
                          />
                        </td>
                        <td>{r.email}</td>
                        <td>{r.country ?? 'unknown'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              {page.data.length === 0 && <p className="muted">None on this page (the filter skips other recipients): try the next page.</p>}
              <CursorPager pages={pages} nextCursor={page.nextCursor} />
              {errors.byField.contactIds && (
                <p className="field-error" role="alert">
                  {errors.byField.contactIds.join(' ')}
                </p>
              )}
              <TextAreaField
                name="evidence"
                label="Evidence of prior consent"
                rows={3}
                hint="How and when each one consented, with a reference (form, date, document): stored with every confirmed recipient."
                errors={errors.byField.evidence}
              />
              <SubmitButton pending={confirm.isPending}>
                Confirm {selection.ids.length} selected recipient{selection.ids.length === 1 ? '' : 's'}
              </SubmitButton>
            </form>
          )
        }
      </QueryState>
      {confirm.data && sent && (
        <div role="status">
          <p>
            {confirm.data.confirmed} confirmed, {confirm.data.screened} of them screened.
          </p>
          <ul className="plain" aria-label="What happened to each recipient">
            {confirmOutcomes(sent.ids, confirm.data).map((o) => (
              <li key={o.contactId}>
                <strong>{sent.emails.get(o.contactId) ?? o.contactId}</strong>: {o.words}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
