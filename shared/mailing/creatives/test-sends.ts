import { randomBytes } from 'node:crypto';
import { conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { Account } from '../../workspace/identity/entities.js';
import type { SendResult } from '../../platform/ports/mail-transport.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { openSenderTransport, recordSend, SenderUnavailable } from '../senders/transport.js';
import { getCreative } from './creatives.js';
import { CreativeTestSend } from './entities.js';
import { renderCreativeFor } from './render.js';
import { loadRecipientContext } from './recipient.js';

/**
 * Sends one rendered copy of a creative to the workspace owner's own address (the caller's account
 * email from the platform table: verified at registration), never to an address from the request.
 * The SMTP answer is kept as a test-send record under the creative.
 */
export async function sendTestEmail(
  deps: Deps,
  tenantId: string,
  ownerAccountId: string,
  input: { creativeId: string; accountId: string; contactId?: string; companyId?: string },
) {
  const table = deps.tenantTable(tenantId);
  const creative = await getCreative(table, input.creativeId);
  const owner = await deps.platform.get<{ email?: string; status?: string }>(Account.key({ accountId: ownerAccountId }));
  if (!owner?.email || owner.status !== 'ACTIVE') throw conflict('The caller has no verified owner address', { code: 'no_owner_address' });
  const sender = await getEmailAccountItem(table, input.accountId);
  if (!sender) throw notFound('Email account');
  const recipient = input.contactId || input.companyId ? await loadRecipientContext(table, input) : {};
  const rendered = renderCreativeFor(creative, recipient, { recipientId: 'test-send' });
  const now = deps.clock.now();
  const id = newId(now);
  const domain = sender.email.split('@')[1] ?? 'localhost';
  const messageId = `<test-${id}.${randomBytes(4).toString('hex')}@${domain}>`;
  let result: SendResult;
  try {
    const transport = await openSenderTransport(deps, tenantId, input.accountId);
    try {
      result = await transport.send({
        from: { name: sender.name, address: sender.email },
        to: { address: owner.email },
        subject: `[TEST] ${rendered.subject}`,
        html: rendered.html,
        text: rendered.text,
        messageId,
        headers: { 'X-Test-Send': creative.id },
      });
    } finally {
      await transport.close();
    }
    await recordSend(deps, tenantId, input.accountId, result, deps.clock.now());
  } catch (e) {
    if (e instanceof SenderUnavailable) throw conflict(`Sender account is not available: ${e.reason}`, { code: 'sender_unavailable', reason: e.reason });
    throw e;
  }
  const at = new Date(now).toISOString();
  const record = {
    id,
    creativeId: creative.id,
    accountId: input.accountId,
    to: owner.email,
    subject: `[TEST] ${rendered.subject}`,
    contactId: recipient.contactId ?? null,
    companyId: recipient.companyId ?? null,
    contentVersion: creative.contentVersion,
    outcome: result.outcome,
    smtpCode: result.code,
    smtpResponse: result.response.slice(0, 500),
    messageId,
    unresolvedTokens: rendered.unresolvedTokens,
    createdAt: at,
  };
  await table.put(CreativeTestSend.item({ creativeId: creative.id, createdAt: at, testSendId: id }, record));
  return record;
}

export async function listTestSends(deps: Deps, tenantId: string, creativeId: string, page: { pageSize?: number; cursor?: string }) {
  const table = deps.tenantTable(tenantId);
  await getCreative(table, creativeId);
  const pageSize = page.pageSize ?? 20;
  const out = await table.query({
    pk: CreativeTestSend.key({ creativeId, createdAt: 'x', testSendId: 'x' }).pk,
    skBeginsWith: 'TESTSEND#',
    limit: pageSize,
    cursor: page.cursor,
    descending: true,
  });
  const data = out.items.map(({ pk, sk, entity, _v, ...rest }) => rest);
  return { data, pageSize, nextCursor: out.cursor ?? null };
}
