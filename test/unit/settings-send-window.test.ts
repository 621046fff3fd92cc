import { describe, expect, it } from 'vitest';
import { mergeSendWindow, SendWindowPatchSchema, SendWindowSchema } from '../../shared/workspace/settings/send-window.js';
import { sendWindowState } from '../../shared/workspace/settings/send-window-state.js';

const at = (iso: string) => Date.parse(iso);
const w = (over: Record<string, unknown> = {}) => SendWindowSchema.parse(over);

describe('sendWindowState', () => {
  it('defaults: Mon-Fri 09:00-18:00 UTC, [start, end)', () => {
    // 2026-11-23 is a Monday.
    expect(sendWindowState(w(), at('2026-11-23T09:00:00Z'))).toEqual({ windowOpen: true, nextOpenAt: null });
    expect(sendWindowState(w(), at('2026-11-23T18:00:00Z'))).toEqual({ windowOpen: false, nextOpenAt: '2026-11-24T09:00:00.000Z' });
    expect(sendWindowState(w(), at('2026-11-28T12:00:00Z')).nextOpenAt).toBe('2026-11-30T09:00:00.000Z'); // Saturday -> Monday
  });

  it('an overnight window belongs to its start day', () => {
    const night = w({ workDays: [5], startTime: '22:00', endTime: '06:00' }); // Friday night only
    expect(sendWindowState(night, at('2026-11-28T05:59:00Z')).windowOpen).toBe(true); // Saturday early = Friday's window
    expect(sendWindowState(night, at('2026-11-28T06:00:00Z')).windowOpen).toBe(false);
    expect(sendWindowState(night, at('2026-11-23T23:00:00Z')).windowOpen).toBe(false); // Monday night: not a work day
  });

  it('time zones and DST come from the zone (Intl)', () => {
    const berlin = w({ timezone: 'Europe/Berlin', workDays: [1, 2, 3, 4, 5, 6, 7] });
    expect(sendWindowState(berlin, at('2026-07-01T07:00:00Z')).windowOpen).toBe(true); // 09:00 CEST
    expect(sendWindowState(berlin, at('2026-12-01T07:30:00Z')).windowOpen).toBe(false); // 08:30 CET
    expect(sendWindowState(berlin, at('2026-12-01T07:30:00Z')).nextOpenAt).toBe('2026-12-01T08:00:00.000Z');
  });

  // The DST edges as luxon computed them before the window moved to Intl (issue 25): the same answers.
  it('a start in a spring-forward gap opens at the same time after the gap; an ambiguous one at its first occurrence', () => {
    const early = w({ timezone: 'Europe/Berlin', workDays: [1, 2, 3, 4, 5, 6, 7], startTime: '02:30', endTime: '04:00' });
    // 2026-03-29: 02:00 CET -> 03:00 CEST, so 02:30 does not exist: it opens at 03:30 CEST.
    expect(sendWindowState(early, at('2026-03-29T00:30:00Z'))).toEqual({ windowOpen: false, nextOpenAt: '2026-03-29T01:30:00.000Z' });
    // 2026-10-25: 03:00 CEST -> 02:00 CET, so 02:30 happens twice: the first (CEST) counts.
    expect(sendWindowState(early, at('2026-10-25T00:00:00Z'))).toEqual({ windowOpen: false, nextOpenAt: '2026-10-25T00:30:00.000Z' });
    expect(sendWindowState(early, at('2026-10-25T02:59:00Z'))).toEqual({ windowOpen: false, nextOpenAt: '2026-10-26T01:30:00.000Z' });
    // America/Santiago skips its midnight (2026-09-06 00:00 -> 01:00): a window from 00:00 opens at 01:00 -03.
    const midnight = w({ timezone: 'America/Santiago', workDays: [7], startTime: '00:00', endTime: '02:00' });
    expect(sendWindowState(midnight, at('2026-09-06T03:30:00Z'))).toEqual({ windowOpen: false, nextOpenAt: '2026-09-06T04:00:00.000Z' });
    expect(sendWindowState(midnight, at('2026-09-06T05:00:00Z')).windowOpen).toBe(true);
  });

  it('a window lasts its length in elapsed time across a DST change', () => {
    // Friday 22:00 EST (03:00Z) + 8 h = 11:00Z, which is 07:00 EDT after the spring-forward night.
    const night = w({ timezone: 'America/New_York', workDays: [5], startTime: '22:00', endTime: '06:00' });
    expect(sendWindowState(night, at('2026-03-07T10:30:00Z')).windowOpen).toBe(true);
    expect(sendWindowState(night, at('2026-03-07T11:00:00Z')).windowOpen).toBe(false);
  });

  it('disabled = 24/7; an invalid zone, window or clock closes the gate', () => {
    expect(sendWindowState(w({ enabled: false }), at('2026-11-28T03:00:00Z')).windowOpen).toBe(true);
    expect(sendWindowState({ ...w(), timezone: 'Nowhere/City' }, at('2026-11-23T10:00:00Z'))).toEqual({ windowOpen: false, nextOpenAt: null });
    expect(sendWindowState(w(), Number.NaN).windowOpen).toBe(false);
    expect(sendWindowState(null, at('2026-11-23T10:00:00Z')).windowOpen).toBe(false);
    expect(sendWindowState(w({ workDays: [] }), at('2026-11-23T10:00:00Z'))).toEqual({ windowOpen: false, nextOpenAt: null });
  });

  it('rejects malformed values; PATCH keeps omitted fields', () => {
    for (const bad of [{ startTime: '24:00' }, { workDays: [0] }, { workDays: [8] }, { timezone: 'UTC+3' }, { foo: 1 }])
      expect(SendWindowPatchSchema.safeParse(bad).success).toBe(false);
    expect(mergeSendWindow(w({ timezone: 'Asia/Tokyo' }), { startTime: '10:00' })).toMatchObject({
      timezone: 'Asia/Tokyo',
      startTime: '10:00',
      endTime: '18:00',
    });
  });
});
