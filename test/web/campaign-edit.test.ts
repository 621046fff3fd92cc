// The campaign page's edit and manual-confirm logic (web/src/pages/campaigns/campaign-edit.ts and
// campaign-words.ts confirmOutcomes): the PATCH body holds only what changed (a rename needs no
// capability receipt; a window or sender change does, and a changed window is sent whole), and each
// confirmed id's outcome is said in words.
import { describe, expect, it } from 'vitest';
import { campaignPatch, CREATIVE_FIELD } from '../../web/src/pages/campaigns/campaign-edit';
import { confirmOutcomes } from '../../web/src/pages/campaigns/campaign-words';

const campaign = { name: 'Spring routes', creativeIds: ['cr1', 'cr2'], senderConfig: undefined };
const workspaceWindow = { enabled: true, workDays: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '18:00', timezone: 'Europe/Berlin' };
/** The form's values as onSubmitValues reads them when nothing was touched. */
const untouched = (): Record<string, string | boolean> => ({
  name: 'Spring routes',
  [`${CREATIVE_FIELD}cr1`]: true,
  [`${CREATIVE_FIELD}cr2`]: true,
  [`${CREATIVE_FIELD}cr3`]: false,
  enabled: true,
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => [`workDay${n}`, n <= 5])),
  startTime: '09:00',
  endTime: '18:00',
  timezone: 'Europe/Berlin',
  accountId: '',
  tracking: true,
});

describe('campaign edit body', () => {
  it('sends nothing when nothing changed, and only the name (no receipt) on a rename', () => {
    expect(campaignPatch(campaign, workspaceWindow, untouched())).toEqual({ body: {}, needsReceipt: false });
    expect(campaignPatch(campaign, workspaceWindow, { ...untouched(), name: 'Autumn routes' })).toEqual({
      body: { name: 'Autumn routes' },
      needsReceipt: false,
    });
  });

  it('sends a cleared name empty, so the API’s 400 lands next to the field', () => {
    const { name: _dropped, ...values } = untouched();
    expect(campaignPatch(campaign, workspaceWindow, values).body).toEqual({ name: '' });
  });

  it('keeps the creatives’ order and appends newly ticked ones', () => {
    const values = { ...untouched(), [`${CREATIVE_FIELD}cr1`]: false, [`${CREATIVE_FIELD}cr3`]: true };
    expect(campaignPatch(campaign, workspaceWindow, values)).toEqual({ body: { creativeIds: ['cr2', 'cr3'] }, needsReceipt: false });
  });

  it('sends a changed window whole (the API would merge a partial one into the defaults), with a receipt', () => {
    // What the API answers as the effective window may carry more than the five fields the PATCH takes.
    const answered = { ...workspaceWindow, updatedAt: '2026-01-01T00:00:00.000Z' };
    const patch = campaignPatch(campaign, answered, { ...untouched(), startTime: '08:00', workDay6: true });
    expect(patch).toEqual({ body: { sendWindow: { ...workspaceWindow, startTime: '08:00', workDays: [1, 2, 3, 4, 5, 6] } }, needsReceipt: true });
  });

  it('sends the sender only when a mailbox is chosen or its tracking changes', () => {
    expect(campaignPatch(campaign, workspaceWindow, { ...untouched(), accountId: 'acc1' })).toEqual({
      body: { senderConfig: { accountId: 'acc1', tracking: true } },
      needsReceipt: true,
    });
    const withSender = { ...campaign, senderConfig: { accountId: 'acc1' } };
    expect(campaignPatch(withSender, workspaceWindow, { ...untouched(), accountId: 'acc1' }).body).toEqual({});
    expect(campaignPatch(withSender, workspaceWindow, { ...untouched(), accountId: 'acc1', tracking: false }).body).toEqual({
      senderConfig: { accountId: 'acc1', tracking: false },
    });
  });
});

describe('manual confirm outcomes', () => {
  it('says per id: confirmed (and where the screen put it), not in manual confirm, or no recipient', () => {
    const result = {
      confirmed: 2,
      screened: 1,
      skipped: { suppressed: 1 },
      results: [
        { contactId: 'a', status: 'SCREENED', reason: null },
        { contactId: 'b', status: 'SKIPPED', reason: 'suppressed' },
      ],
      notManualConfirm: [{ contactId: 'c', status: 'READY', reason: null }],
      notFound: ['d'],
    };
    expect(confirmOutcomes(['d', 'a', 'b', 'c', 'a'], result)).toEqual([
      { contactId: 'd', outcome: 'not_found', words: 'Not a recipient of this campaign; unchanged.' },
      { contactId: 'a', outcome: 'confirmed', words: 'Confirmed: consent recorded, now SCREENED (ready to prepare).' },
      { contactId: 'b', outcome: 'confirmed', words: 'Confirmed: consent recorded, but skipped again (suppressed).' },
      { contactId: 'c', outcome: 'not_manual_confirm', words: 'Not in manual confirm: it is READY; unchanged.' },
    ]);
    const again = { ...result, results: [], notManualConfirm: [{ contactId: 'e', status: 'SKIPPED', reason: 'geo_opt_in_only' }], notFound: [] };
    expect(confirmOutcomes(['e'], again)[0].words).toBe('Not in manual confirm: it is SKIPPED (Germany or Austria: opt-in only); unchanged.');
  });
});
