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

  it('time zones and DST come from luxon', () => {
    const berlin = w({ timezone: 'Europe/Berlin', workDays: [1, 2, 3, 4, 5, 6, 7] });
    expect(sendWindowState(berlin, at('2026-07-01T07:00:00Z')).windowOpen).toBe(true); // 09:00 CEST
    expect(sendWindowState(berlin, at('2026-12-01T07:30:00Z')).windowOpen).toBe(false); // 08:30 CET
    expect(sendWindowState(berlin, at('2026-12-01T07:30:00Z')).nextOpenAt).toBe('2026-12-01T08:00:00.000Z');
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
