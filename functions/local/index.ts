import { operation as outbox } from './local_outbox_list.js';
import { operation as clock } from './local_clock_advance.js';
import { operation as mailbox } from './local_mailbox_list.js';
import { operation as mailboxReply } from './local_mailbox_reply.js';

export const localOperations = [outbox, clock, mailbox, mailboxReply];
