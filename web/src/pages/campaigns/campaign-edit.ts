import { sendWindowBody, type SendWindow } from '../settings/settings-api';
import type { Campaign } from './campaigns-api';

/** The API's 400 message paths the edit form shows next to its fields (CampaignsController_update's body). */
export const EDIT_FIELDS = [
  'name',
  'creativeIds',
  'sendWindow',
  'sendWindow.enabled',
  'sendWindow.workDays',
  'sendWindow.startTime',
  'sendWindow.endTime',
  'sendWindow.timezone',
  'senderConfig',
  'senderConfig.accountId',
  'senderConfig.tracking',
] as const;

/** The creatives' checkboxes are named `creative:<id>`. */
export const CREATIVE_FIELD = 'creative:';

export interface CampaignPatch {
  body: { name?: string; creativeIds?: string[]; sendWindow?: SendWindow; senderConfig?: { accountId: string; tracking: boolean } };
  /** The API wants a capability receipt (X-SDR-Capability-Receipt) when the send window or the sender changes. */
  needsReceipt: boolean;
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The edit form's values as CampaignsController_update's body: only what changed, so that a rename does
 * not need a capability receipt. `shownWindow` is the window the form started from (the campaign's own,
 * else the workspace's it follows); a changed window is sent whole, because the API merges a partial one
 * into the campaign's own window (or the defaults), not into the workspace's the person saw. A cleared
 * name is sent empty, so the API's 400 says what is wrong next to the field.
 */
export function campaignPatch(
  c: Pick<Campaign, 'name' | 'creativeIds' | 'senderConfig'>,
  shownWindow: SendWindow,
  values: Record<string, string | boolean>,
): CampaignPatch {
  const body: CampaignPatch['body'] = {};
  const name = typeof values.name === 'string' ? values.name : '';
  if (name !== c.name) body.name = name;
  const ticked = Object.keys(values)
    .filter((k) => k.startsWith(CREATIVE_FIELD) && values[k] === true)
    .map((k) => k.slice(CREATIVE_FIELD.length));
  if (!sameSet(ticked, c.creativeIds))
    body.creativeIds = [...c.creativeIds.filter((id) => ticked.includes(id)), ...ticked.filter((id) => !c.creativeIds.includes(id))];
  const { enabled, workDays, startTime, endTime, timezone } = shownWindow;
  const window: SendWindow = { enabled, workDays, startTime, endTime, timezone, ...sendWindowBody(values) };
  if (
    window.enabled !== shownWindow.enabled ||
    !sameSet(window.workDays, shownWindow.workDays) ||
    window.startTime !== shownWindow.startTime ||
    window.endTime !== shownWindow.endTime ||
    window.timezone !== shownWindow.timezone
  )
    body.sendWindow = window;
  const accountId = typeof values.accountId === 'string' ? values.accountId : '';
  const tracking = values.tracking === true;
  if (accountId && (accountId !== c.senderConfig?.accountId || tracking !== (c.senderConfig?.tracking ?? true))) body.senderConfig = { accountId, tracking };
  return { body, needsReceipt: body.sendWindow !== undefined || body.senderConfig !== undefined };
}
