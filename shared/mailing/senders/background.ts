import { defineCallable } from '../../platform/registry/background.js';
import type { ProbeAnswers, ProbeRequest } from './probe.js';
import { runMailboxProbe } from './probe-worker.js';

/**
 * `mailbox_probe`: the mailbox checks' protocol work (probe.ts), called and waited for by the
 * operations that check a mailbox (create, update, test-connection, the OAuth connects, check-dns, the
 * seed test). 28 s: a login takes up to ~20 s (10 s connect and greeting timeouts, both sides at once)
 * and DNS look-ups 3 s a try, inside the 29 s of the API functions that wait for it. No resources: it
 * reads and writes no table and needs no OAuth settings (its callers refresh tokens); its traffic is
 * outbound TCP and DNS, and the mail-host guard refuses private and loopback addresses in Lambda.
 */
export const mailboxProbe = defineCallable<ProbeRequest, ProbeAnswers[ProbeRequest['kind']]>({
  name: 'mailbox_probe',
  tag: 'senders',
  timeout: 28,
  memorySize: 512,
  resources: [],
  handler: runMailboxProbe,
});
