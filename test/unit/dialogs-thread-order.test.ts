import { describe, expect, it } from 'vitest';
import { threadOrder, type ThreadMessage } from '../../shared/mailing/dialogs/thread.js';

const msg = (messageId: string, at: string, inReplyTo: string | null, direction: 'in' | 'out' = 'in'): ThreadMessage => ({
  dialogId: 'd1',
  messageKey: messageId,
  at,
  direction,
  kind: direction === 'in' ? 'received' : 'task',
  messageId,
  inReplyTo,
  from: '',
  to: '',
  subject: '',
  text: '',
  html: null,
  attachments: [],
  autoReply: false,
  classification: null,
  confidence: null,
});

describe('threadOrder', () => {
  it('puts an email before the reply that answers it even when the reply carries an earlier (second-precision) Date', () => {
    const original = msg('<t.c.abc123@acme.test>', '2026-03-02T10:00:00.700Z', null, 'out');
    const reply = msg('<r1@buyer.test>', '2026-03-02T10:00:00.000Z', '<t.c.abc123@acme.test>');
    const ours = msg('<o1@acme.test>', '2026-03-02T10:05:00.000Z', '<r1@buyer.test>', 'out');
    expect(threadOrder([reply, ours, original]).map((m) => m.messageId)).toEqual([original.messageId, reply.messageId, ours.messageId]);
  });

  it('otherwise orders by time, stable for equal times', () => {
    const a = msg('<a@x>', '2026-03-02T10:00:00.000Z', null);
    const b = msg('<b@x>', '2026-03-02T11:00:00.000Z', null);
    const c = msg('<c@x>', '2026-03-02T11:00:00.000Z', null);
    expect(threadOrder([c, b, a]).map((m) => m.messageId)).toEqual(['<a@x>', '<c@x>', '<b@x>']);
  });
});
