import { addContactsToList, createContactList } from '../../shared/crm/contact-lists/lists.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import type { Dovecot } from './dovecot.js';
import type { client } from './runtime.js';
import type { Relay } from './smtp-relay.js';

/**
 * The sends benches' workspace, through the public API where a user would use it: no pacing, the window
 * open, a company profile, one creative (a spintax subject, a tracked link), and `mailboxes` mailboxes on
 * the sinks (Dovecot for IMAP, `relay` for SMTP), each with one approved task over its share of `total`
 * recipients `b<m>.<i>@sink.test`. The contacts and lists are written straight into the tenant's table
 * (`table`): setup, not what the benches measure. Answers the task ids, ready for `POST /api/tasks/{id}/start`.
 */
export async function setupSendTasks(opts: {
  http: ReturnType<typeof client>;
  table: TableStore;
  now: number;
  relay: Relay;
  dovecot: Dovecot;
  total: number;
  mailboxes: number;
}): Promise<string[]> {
  const { http, table, now, relay, dovecot, total, mailboxes } = opts;
  const must = async (what: string, r: Promise<{ status: number; text: string; body: Record<string, unknown> }>) => {
    const out = await r;
    if (out.status >= 300) throw new Error(`send bench setup: ${what} answered ${out.status} ${out.text.slice(0, 300)}`);
    return out.body;
  };
  await must('min-send-interval', http.put('/api/settings/min-send-interval', { seconds: 0 }));
  await must('send-window', http.patch('/api/settings/send-window', { enabled: false }));
  await must('company-profile', http.put('/api/settings/company-profile', { companyName: 'Bench Ltd', physicalAddress: '4 Load Street, Hull' }));
  const creative = await must(
    'creatives_create',
    http.post('/api/creatives', {
      name: 'Bench',
      subject: '{Hi|Hello} {{firstName}}',
      bodyHtml: '<p>{Hi|Hello} {{firstName}}, <a href="https://example.com/">see</a></p>',
    }),
  );
  const tasks: string[] = [];
  for (let m = 0; m < mailboxes; m++) {
    const email = `bench${m}@send.test`;
    dovecot.addUser(email, `imap-bench-${m}`);
    relay.users.set(email, `smtp-bench-${m}`);
    const acc = await must(
      'email-accounts_create',
      http.post('/api/email-accounts', {
        name: `Bench ${m}`,
        email,
        ...{ imapHost: '127.0.0.1', imapPort: dovecot.port, imapUser: email, imapPass: `imap-bench-${m}` },
        ...{ smtpHost: '127.0.0.1', smtpPort: relay.port, smtpUser: email, smtpPass: `smtp-bench-${m}` },
      }),
    );
    await must('email-accounts_update', http.patch(`/api/email-accounts/${acc.id}`, { dnsAcknowledged: true }));
    const share = Math.floor(total / mailboxes) + (m < total % mailboxes ? 1 : 0);
    const ids: string[] = [];
    for (let i = 0; i < share; i += 50) {
      const batch = Array.from({ length: Math.min(50, share - i) }, (_, k) =>
        createContact(table, { firstName: `B${i + k}`, email: `b${m}.${i + k}@sink.test` }, now),
      );
      ids.push(...(await Promise.all(batch)).map((c) => c.id));
    }
    const list = await createContactList(table, { name: `bench ${m}` }, now);
    for (let i = 0; i < ids.length; i += 1000) await addContactsToList(table, list.id, ids.slice(i, i + 1000), now);
    const task = await must(
      'tasks_create',
      http.post('/api/tasks', { methodId: 2, description: `bench ${m}`, creativeId: creative.id, accountId: acc.id, contactListId: list.id }),
    );
    await must('mailing approve', http.post(`/api/mailing/${task.id}/approve`, { note: 'bench' }));
    tasks.push(task.id as string);
  }
  return tasks;
}
