import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { TableRegion } from '../../components/TableRegion';
import { CursorPager, useCursorPages } from '../crm/CursorPager';
import { ITEM_WORDS, reasonInWords, safeHref, type CrawlItem, type SiteContact } from './enrichment-api';

const PAGE_SIZE = 50;

/** A link that leaves the app: a new tab, with no opener and no referrer handed to the site. */
export function OutLink({ url }: { url: string }) {
  const href = safeHref(url);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  ) : (
    <span>{url}</span>
  );
}

/** Per-company results of a crawl, filtered by status and reason, each with the contacts its card got. */
export function CrawlResults({ taskId, reasons, live }: { taskId: string; reasons: string[]; live: boolean }) {
  const { workspace } = useWorkspace();
  const [status, setStatus] = useState('');
  const [reasonCode, setReasonCode] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const pages = useCursorPages();
  const items = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'enrichment', 'task', taskId, 'items', { status, reasonCode, cursor: pages.cursor }),
    queryFn: ({ signal }) =>
      api.get<{ data: CrawlItem[]; nextCursor: string | null }>(`/api/site-enrichment/tasks/${encodeURIComponent(taskId)}/items`, {
        signal,
        query: { limit: PAGE_SIZE, cursor: pages.cursor, ...(status ? { status } : {}), ...(reasonCode ? { reasonCode } : {}) },
      }),
    refetchInterval: live ? 5000 : false,
    meta: { action: 'see site crawls' },
  });
  const filter = (set: (v: string) => void) => (e: React.ChangeEvent<HTMLSelectElement>) => (set(e.target.value), pages.reset());
  return (
    <section aria-labelledby="results-heading" className="page-section">
      <h2 id="results-heading">Results by company</h2>
      <div className="toolbar">
        <label>
          Status{' '}
          <select value={status} onChange={filter(setStatus)}>
            <option value="">All</option>
            <option value="OK">OK</option>
            <option value="DOWN">Down</option>
            <option value="NO_SITE">No site</option>
          </select>
        </label>
        <label>
          Reason{' '}
          <select value={reasonCode} onChange={filter(setReasonCode)}>
            <option value="">Any</option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {reasonInWords(r)} ({r})
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={items} label="the results">
        {(page) =>
          page.data.length === 0 ? (
            <p className="muted">No company matches.</p>
          ) : (
            <>
              <TableRegion label="Results by company">
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">Website</th>
                      <th scope="col">Status</th>
                      <th scope="col">Title</th>
                      <th scope="col">New contacts</th>
                      <th scope="col">Pages read</th>
                      <th scope="col">Company</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.data.map((i) => (
                      <Fragment key={i.companyId}>
                        <tr>
                          <td>{i.url ? <OutLink url={i.url} /> : <span className="muted">none</span>}</td>
                          <td>
                            {ITEM_WORDS[i.status] ?? i.status}
                            {i.reasonCode && i.status !== 'OK' ? <span className="muted"> — {reasonInWords(i.reasonCode)}</span> : null}
                          </td>
                          <td>{i.title ?? '—'}</td>
                          <td>
                            {i.added ? `${i.added.emails} emails, ${i.added.phones} phones, ${i.added.social} social` : '—'}
                            {i.status === 'OK' && (
                              <>
                                <br />
                                <button
                                  type="button"
                                  className="secondary"
                                  aria-expanded={open === i.companyId}
                                  onClick={() => setOpen(open === i.companyId ? null : i.companyId)}
                                >
                                  {open === i.companyId ? 'Hide contacts' : `Contacts of ${i.host ?? 'this company'}`}
                                </button>
                              </>
                            )}
                          </td>
                          <td>
                            <ul className="plain">
                              {i.sourceUrls.map((u) => (
                                <li key={u}>
                                  <OutLink url={u} />
                                </li>
                              ))}
                            </ul>
                          </td>
                          <td>
                            <Link to={`/companies/${encodeURIComponent(i.companyId)}`}>Open card</Link>
                          </td>
                        </tr>
                        {open === i.companyId && (
                          <tr>
                            <td colSpan={6}>
                              <CompanyContacts companyId={i.companyId} />
                            </td>
                          </tr>
                        )}
                      </Fragment>
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

interface CompanyCard {
  id: string;
  name: string;
  customFields?: { site_contacts?: { emails?: SiteContact[]; phones?: SiteContact[]; social?: SiteContact[] } };
}

const KINDS = [
  ['emails', 'Emails'],
  ['phones', 'Phones'],
  ['social', 'Social profiles'],
] as const;

/** The contacts crawls put on a company card (site_contacts), each with the page it was found on. */
function CompanyContacts({ companyId }: { companyId: string }) {
  const { workspace } = useWorkspace();
  const card = useQuery({
    queryKey: workspaceKey(workspace.tenantId, 'crm', 'companies', 'one', companyId),
    queryFn: ({ signal }) => api.get<CompanyCard>(`/api/companies/${encodeURIComponent(companyId)}`, { signal }),
    // A company deleted since the crawl is said here, not by leaving the crawl's page for the not-found page.
    throwOnError: false,
  });
  return (
    <QueryState query={card} label="the company's contacts">
      {(c) => {
        const found = c.customFields?.site_contacts ?? {};
        const any = KINDS.some(([k]) => (found[k] ?? []).length > 0);
        return (
          <div className="site-contacts">
            <h3>Contacts of {c.name} found on its website</h3>
            {!any && <p className="muted">No contacts found on the site.</p>}
            {KINDS.map(([k, label]) =>
              (found[k] ?? []).length ? (
                <Fragment key={k}>
                  <h4>{label}</h4>
                  <ul className="plain">
                    {(found[k] ?? []).map((x) => (
                      <li key={x.value}>
                        <span className="figure-inline">{x.value}</span> — found on <OutLink url={x.sourceUrl} />{' '}
                        <span className="muted">({new Date(x.collectedAt).toLocaleString()})</span>
                      </li>
                    ))}
                  </ul>
                </Fragment>
              ) : null,
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
