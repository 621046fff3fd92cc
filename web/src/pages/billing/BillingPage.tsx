import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { notices, useNotices } from '../../app/notices';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';

interface Balance {
  balance: number;
  currency: string;
  updatedAt: string;
}
interface LedgerEntry {
  id: string;
  type: string;
  operation: string;
  quantity: number;
  amount: number;
  balanceAfter: number;
  currency: string;
  note: string | null;
  createdAt: string;
}

const PAGE_SIZE = 25;
// Unit prices go below a cent (an email costs 0.001): two decimals at least, and as many more as the amount has.
const money = (amount: number, currency: string) => `${amount.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 6 })} ${currency}`;
/** The billed operations (shared/workspace/billing/prices.ts) in words. */
const OPERATION_WORDS: Record<string, string> = {
  platform_render: 'AI render of an email',
  audit: 'Pre-send audit',
  audit_failed: 'Failed audit iteration',
  inbox_placement_test: 'Inbox-placement test',
  email_send: 'Email sent',
  ai_generation: 'AI helper call',
};

/** The workspace's balance, its ledger page by page, and how a top-up happens (the 402 banner links here). */
export default function BillingPage() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const { payment } = useNotices();
  // The cursors of the pages before the current one, so "Newer" goes back without the API paging backwards.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const balance = useQuery({
    queryKey: workspaceKey(t, 'billing', 'balance'),
    queryFn: ({ signal }) => api.get<Balance>('/api/billing/balance', { signal }),
    // The balance moves elsewhere (the operator's credit, sends): read it afresh on every visit, so the
    // headline never shows an older figure than the ledger below it (both read on the same visit).
    refetchOnMount: 'always',
    meta: { action: 'see the balance' },
  });
  const ledger = useQuery({
    queryKey: workspaceKey(t, 'billing', 'ledger', { pageSize: PAGE_SIZE, cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: LedgerEntry[]; nextCursor: string | null }>('/api/billing/ledger', { signal, query: { pageSize: PAGE_SIZE, cursor } }),
    placeholderData: keepPreviousData,
    meta: { action: 'see the ledger' },
  });
  // The 402 banner says the balance does not cover an action: once the balance read here covers it, that is no longer true.
  const balanceNow = balance.data?.balance;
  useEffect(() => {
    if (payment?.cost !== undefined && balanceNow !== undefined && balanceNow >= payment.cost) notices.dismissPayment();
  }, [payment, balanceNow]);
  // A credit is applied by the operator elsewhere: look again, from the newest entries.
  const checkAgain = () => {
    setCursors([undefined]);
    void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'billing') });
  };

  return (
    <div className="page">
      <h1>Billing</h1>
      <QueryState query={balance} label="the balance">
        {(b) => (
          <p className="figure">
            Balance: <strong>{money(b.balance, b.currency)}</strong> <span className="muted">(as of {new Date(b.updatedAt).toLocaleString()})</span>
          </p>
        )}
      </QueryState>
      <section aria-labelledby="top-up">
        <h2 id="top-up">Topping up</h2>
        <p>
          Paid actions are charged to this balance as they happen; when it does not cover an action, the action is refused and mailings pause until the balance
          is topped up. There is no card payment in the app: a top-up is a credit that the platform operator applies to the workspace after your payment. Ask
          your operator contact, naming the workspace <strong>{workspace.name}</strong> (id <code>{t}</code>). The credit appears in the ledger below.
        </p>
        <p>
          <button type="button" className="secondary" onClick={checkAgain} disabled={balance.isFetching || ledger.isFetching}>
            Check for new entries
          </button>
        </p>
      </section>
      <section aria-labelledby="ledger">
        <h2 id="ledger">Ledger</h2>
        <QueryState query={ledger} label="the ledger">
          {(page) => (
            <>
              {page.data.length === 0 ? (
                <p>No entries yet.</p>
              ) : (
                <TableRegion label="Ledger entries">
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">When</th>
                        <th scope="col">Type</th>
                        <th scope="col">What</th>
                        <th scope="col">Amount</th>
                        <th scope="col">Balance after</th>
                      </tr>
                    </thead>
                    <tbody>
                      {page.data.map((e) => (
                        <tr key={e.id}>
                          <td>{new Date(e.createdAt).toLocaleString()}</td>
                          <td>{e.type === 'credit' ? 'Credit' : e.type === 'charge' ? 'Charge' : e.type}</td>
                          <td>
                            {e.note ?? OPERATION_WORDS[e.operation] ?? e.operation}
                            {e.quantity > 1 ? ` × ${e.quantity}` : ''}
                          </td>
                          <td className="number">{money(e.amount, e.currency)}</td>
                          <td className="number">{money(e.balanceAfter, e.currency)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableRegion>
              )}
              <nav aria-label="Ledger pages" className="pager">
                <button type="button" className="secondary" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                  Newer entries
                </button>{' '}
                <button
                  type="button"
                  className="secondary"
                  disabled={!page.nextCursor || ledger.isPlaceholderData}
                  onClick={() => page.nextCursor && setCursors((c) => [...c, page.nextCursor ?? undefined])}
                >
                  Older entries
                </button>
              </nav>
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}
