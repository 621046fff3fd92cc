import { defineCallable } from '../../platform/registry/background.js';
import type { ProbeAnswers, ProbeRequest } from './probe.js';
import { runMailboxProbe } from './probe-worker.js';

/**
 * `mailbox_probe`: the mailbox checks' protocol work (probe.ts), called and waited for by the
 * operations that check a mailbox (create, update, test-connection, the OAuth connects, check-dns, the
 * seed test). 29 s, as its callers: a login takes up to ~20 s (10 s connect and greeting timeouts, both
 * sides at once) and a DNS look-up 3 s a try. `tenantMail`: it logs in to tenant mailboxes (nodemailer
 * bundled; outbound TCP only, the mail-host guard refuses private and loopback addresses in Lambda). It
 * writes no table: beyond that, it has the read on the platform table every function gets.
 */
export const mailboxProbe = defineCallable<ProbeRequest, ProbeAnswers[ProbeRequest['kind']]>({
  name: 'mailbox_probe',
  tag: 'senders',
  timeout: 29,
  memorySize: 512,
  resources: ['tenantMail'],
  handler: runMailboxProbe,
});
