// The campaign page's words and plot data (web/src/pages/campaigns/campaign-words.ts): every 409 code of
// the campaign operations in words, reason codes, and the series framed for a time axis.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/api/errors';
import {
  activityInWords,
  actorInWords,
  aiRecoveryInWords,
  campaignErrorInWords,
  funnelSteps,
  reasonInWords,
  seriesPlot,
  statusInWords,
} from '../../web/src/pages/campaigns/campaign-words';

const conflict = (code: string, extra: Record<string, unknown> = {}) =>
  new ApiError(409, { statusCode: 409, error: 'Conflict', code, message: `raw ${code}`, ...extra });

describe('campaign words', () => {
  it('says each 409 code of the campaign operations as a sentence, never the raw code', () => {
    for (const code of [
      'campaign_blocked',
      'campaign_not_active',
      'campaign_active',
      'campaign_changed',
      'send_task_paused',
      'not_platform',
      'not_byoc',
      'no_owner_address',
      'nothing_to_test',
      'physical_address_missing',
    ]) {
      const words = campaignErrorInWords(conflict(code), 'do this');
      expect(words, code).not.toContain(code);
      expect(words, code).toMatch(/^[A-Z].*\.$/);
    }
    expect(campaignErrorInWords(conflict('send_gates_failed', { blockers: ['insufficient_balance', 'campaign_paused:manual'] }), 'send')).toBe(
      'Not every send gate passes yet: the balance ran out: top it up, then resume; the campaign is paused (paused by hand): resume it first.',
    );
    // An unknown code falls back to the API's message; other statuses to the app-wide words.
    expect(campaignErrorInWords(conflict('something_new'), 'send')).toBe('raw something_new');
    const receipt = new ApiError(403, { statusCode: 403, error: 'Forbidden', code: 'capability_receipt_invalid', message: 'raw' });
    expect(campaignErrorInWords(receipt, 'change campaigns')).toMatch(/^Changing the send window or the sending mailbox needs a fresh capability receipt/);
    expect(campaignErrorInWords(new ApiError(403, { statusCode: 403, message: 'Forbidden' }), 'send campaigns')).toBe('Your role cannot send campaigns.');
  });

  it('names reasons, states and actors', () => {
    expect(reasonInWords('campaign_paused')).toBe('the campaign is paused: resume it first');
    expect(reasonInWords('sender_daily_cap')).toBe('the mailbox cannot send: daily cap');
    expect(reasonInWords('geo_opt_in_only')).toBe('Germany or Austria: opt-in only');
    expect(reasonInWords('a_new_reason')).toBe('a new reason');
    expect(activityInWords('updated')).toBe('Changed');
    expect(statusInWords({ status: 'PAUSED', pauseReason: 'insufficient_balance', operationalState: 'NORMAL', primaryBlocker: null })).toBe(
      'Paused (the balance ran out: top it up, then resume)',
    );
    expect(statusInWords({ status: 'ACTIVE', pauseReason: null, operationalState: 'DEGRADED', primaryBlocker: 'AI_STAGES_HALTED' })).toContain('degraded');
    expect(actorInWords({ kind: 'session', id: 'u1' })).toBe('a person in the browser (user u1)');
    expect(actorInWords({ kind: 'system', id: 'conveyor' })).toBe('the system (conveyor)');
    expect(aiRecoveryInWords({ reset: 0, reason: 'nothing_to_retry' })).toBe('0 AI failures: there was nothing to retry.');
  });

  it('builds the funnel from unique counts and frames the series with an empty bucket on each side', () => {
    const m = {
      sent: 4,
      delivered: 3,
      bounced: 1,
      opened: { total: 9, unique: 2 },
      clicked: { total: 3, unique: 1 },
      replied: { total: 1, unique: 1 },
      unsubscribed: 0,
      queued: 0,
      failed: 0,
    };
    expect(funnelSteps(m).map((s) => s.count)).toEqual([4, 3, 2, 1, 1]);
    const one = { bucket: 'hour' as const, times: [7200], sent: [3], delivered: [2], bounced: [1], opened: [1], clicked: [0], replied: [0], truncated: false };
    const plot = seriesPlot(one);
    expect(plot.times).toEqual([3600, 7200, 10800]);
    expect(plot.series.map((s) => s.label)).toEqual(['Sent', 'Delivered', 'Opened', 'Clicked', 'Replied']);
    expect(plot.series[0].values).toEqual([0, 3, 0]);
    const none = seriesPlot({ ...one, times: [], sent: [], delivered: [], bounced: [], opened: [], clicked: [], replied: [] });
    expect(none.times).toEqual([]);
    expect(none.series).toHaveLength(5);
  });
});
