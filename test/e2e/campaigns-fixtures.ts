import { expect } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import type { Dovecot } from '../support/dovecot.js';
import type { Relay } from '../support/smtp-relay.js';
import type { client } from '../support/runtime.js';
/** The bounded wait of these tests (count × 100 ms), re-exported for the campaign test files. */
export { waitFor } from '../support/poll.js';

type Http = ReturnType<typeof client>;

/** A sending workspace: balance, a mailbox on the loopback relay + Dovecot, no pacing, 24/7, the footer's address. */
export async function setupSendingWorkspace(
  deps: Deps,
  http: Http,
  tenantId: string,
  mail: { dovecot: Dovecot; relay: Relay; mailbox: string },
  opts: { balance?: number } = {},
) {
  if (opts.balance !== 0) await credit(deps, tenantId, opts.balance ?? 10, 'test balance', 'test');
  mail.dovecot.addUser(mail.mailbox, 'imap-secret-1');
  mail.relay.users.set(mail.mailbox, 'smtp-secret-1');
  const acc = await http.post('/api/email-accounts', {
    name: 'Sales',
    email: mail.mailbox,
    imapHost: '127.0.0.1',
    imapPort: mail.dovecot.port,
    imapUser: mail.mailbox,
    imapPass: 'imap-secret-1',
    smtpHost: '127.0.0.1',
    smtpPort: mail.relay.port,
    smtpUser: mail.mailbox,
    smtpPass: 'smtp-secret-1',
  });
  expect(acc.status, JSON.stringify(acc.body)).toBe(201);
  // The fixture domain has no DNS records: acknowledged, as an owner would after reading checkDns.
  expect((await http.patch(`/api/email-accounts/${acc.body.id}`, { dnsAcknowledged: true })).status).toBe(200);
  expect((await http.put('/api/settings/min-send-interval', { seconds: 0 })).status).toBe(200);
  expect((await http.patch('/api/settings/send-window', { enabled: false })).status).toBe(200);
  expect(
    (await http.put('/api/settings/company-profile', { companyName: 'Acme GmbH', physicalAddress: '1 Main Street, Springfield', senderName: 'Sam Sales' }))
      .status,
  ).toBe(200);
  return acc.body.id as string;
}

/** Contacts (each with an email unless omitted) in a new static list. */
export async function contactList(http: Http, people: { firstName: string; email?: string; position?: string; companyId?: string }[]) {
  const ids: string[] = [];
  for (const p of people) {
    const r = await http.post('/api/contacts', p);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids.push(r.body.id);
  }
  const list = await http.post('/api/contact-lists', { name: `list ${Date.now()} ${Math.random()}` });
  for (let i = 0; i < ids.length; i += 100)
    expect((await http.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: ids.slice(i, i + 100) })).status).toBeLessThan(300);
  return { listId: list.body.id as string, ids };
}

export const CLEAN_COPY = {
  subject: 'Quick question, {{firstName|there}}',
  bodyHtml:
    '<p>Hello {{firstName|there}},</p><p>we help logistics teams plan routes. Would a short call next week be useful? Details: <a href="https://example.com/routes">example.com/routes</a>.</p><p>Best, Sam</p>',
};
