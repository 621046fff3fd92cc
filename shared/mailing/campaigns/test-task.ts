import { createHash } from 'node:crypto';
import { conflict } from '../../platform/errors.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { Account } from '../../workspace/identity/entities.js';
import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { renderCreativeCopy } from '../creatives/render-copy.js';
import { ensureOwnedSendTask } from '../tasks/tasks.js';
import { addSendItems } from '../sending/items.js';
import { TestRequest } from './entities.js';
import { getCampaignItem, logActivity, type Actor } from './campaigns.js';
import { recipientsIn } from './recipients.js';
import { sendReadiness } from './send.js';
import { OWNER_CONTACT, testTaskStatus } from './test-task-status.js';

/** Gates a test must pass too (it sends a real email): everything but READY recipients and activation. */
const TEST_GATES = ['sender', 'balance', 'legal', 'compliance_footer'];

/**
 * Owner-address TEST: one email of the campaign to the caller's verified owner address, through its own
 * owned send task (so the same window, sender state, cap, pacing, charge and footer apply), idempotent
 * per requestKey. No recipient row, no activation, no gate bypassed.
 */
export async function createTestTask(deps: Deps, tenantId: string, ownerAccountId: string | undefined, campaignId: string, requestKey: string, actor: Actor) {
  const table = deps.tenantTable(tenantId);
  const c = await getCampaignItem(table, campaignId);
  const keyHash = createHash('sha256').update(requestKey).digest('hex').slice(0, 16);
  const known = await table.get<{ taskId: string }>(TestRequest.key({ campaignId, keyHash }));
  if (known) return testTaskStatus(deps, tenantId, campaignId, known.taskId);
  if (c.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  const owner = ownerAccountId ? await deps.platform.get<{ email?: string; status?: string }>(Account.key({ accountId: ownerAccountId })) : undefined;
  if (!owner?.email || owner.status !== 'ACTIVE') throw conflict('The caller has no verified owner address', { code: 'no_owner_address' });
  const readiness = await sendReadiness(deps, tenantId, campaignId);
  const blockers = readiness.gates.filter((g) => TEST_GATES.includes(g.gate) && !g.ok).map((g) => g.reasonCode!);
  if (blockers.length) throw conflict(`Send gates not passed: ${blockers.join(', ')}`, { code: 'send_gates_failed', blockers });
  const content = await testContent(table, c.creativeIds, campaignId);
  const taskId = `${campaignId}T${keyHash}`;
  const sender = readiness.gates.find((g) => g.gate === 'sender')!.detail as { accountId: string };
  await ensureOwnedSendTask(
    table,
    {
      taskId,
      owner: { kind: 'campaign', id: campaignId },
      accountId: sender.accountId,
      description: `owner test of campaign ${c.name}`,
      tracking: false,
      ...(c.sendWindow ? { sendWindow: c.sendWindow } : {}),
    },
    deps.clock.now(),
  );
  try {
    await table.put(TestRequest.item({ campaignId, keyHash }, { campaignId, keyHash, taskId, createdAt: new Date(deps.clock.now()).toISOString() }), {
      expression: 'attribute_not_exists(pk)',
    });
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
  }
  await addSendItems(deps, tenantId, taskId, [{ contactId: OWNER_CONTACT, email: owner.email, content, origin: { kind: 'campaign', id: campaignId } }]);
  await logActivity(deps, table, campaignId, actor, 'owner_test', null, { taskId });
  return testTaskStatus(deps, tenantId, campaignId, taskId);
}

/**
 * The test's copy: the first creative rendered with fallbacks, else a READY recipient's render (copied,
 * not enrolled). Without a text part: the send derives it from the HTML with the same conversion
 * (sending/store.ts), so this operation does not bundle it (issue 25).
 */
async function testContent(table: ReturnType<Deps['tenantTable']>, creativeIds: string[], campaignId: string) {
  if (creativeIds.length) {
    const r = renderCreativeCopy(toCreative(await getCreativeItem(table, creativeIds[0])), {}, { recipientId: OWNER_CONTACT });
    return { subject: `[TEST] ${r.subject}`, html: r.html };
  }
  const ready = (await recipientsIn(table, campaignId, 'READY', 1)).items[0];
  if (!ready?.content) throw conflict('Nothing to test yet: no creative and no READY render', { code: 'nothing_to_test' });
  return { ...ready.content, subject: `[TEST] ${ready.content.subject}` };
}
