import * as z from 'zod';

/**
 * The send window (workspace default, and a campaign's `sendWindow`, same shape and rules):
 * `enabled` (false = 24/7), `workDays` (ISO weekdays 1 = Monday .. 7 = Sunday), `startTime` and
 * `endTime` (HH:MM, 24 h), `timezone` (IANA). Omitted fields take the safe defaults below; a PATCH
 * keeps omitted fields (`mergeSendWindow`). Intervals are [start, end); an overnight window
 * (end <= start) belongs to the day it starts on. An invalid zone or clock closes the gate.
 */
export const SEND_WINDOW_DEFAULTS = { enabled: true, workDays: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '18:00', timezone: 'UTC' } as const;

/** A time zone Intl knows: the zones the window's state can compute (send-window-state.ts reads their offsets with Intl). */
function isValidZone(tz: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz }).format();
    return true;
  } catch {
    return false;
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(HHMM, 'must be HH:MM (00:00 to 23:59)');
const zone = z.string().min(1).max(64).refine(isValidZone, 'must be an IANA time zone name (e.g. Europe/Berlin)');
const days = z.array(z.number().int().min(1, 'workDays entries must be 1..7').max(7, 'workDays entries must be 1..7')).max(7);

/** A full window with defaults for omitted fields (create). */
export const SendWindowSchema = z.strictObject({
  enabled: z.boolean().default(SEND_WINDOW_DEFAULTS.enabled).describe('false = sends at any time (24/7)'),
  workDays: days.default([...SEND_WINDOW_DEFAULTS.workDays]).describe('ISO weekdays the window opens on: 1 = Monday .. 7 = Sunday'),
  startTime: time.default(SEND_WINDOW_DEFAULTS.startTime).describe('HH:MM, inclusive'),
  endTime: time.default(SEND_WINDOW_DEFAULTS.endTime).describe('HH:MM, exclusive; <= startTime means overnight (belongs to the start day)'),
  timezone: zone.default(SEND_WINDOW_DEFAULTS.timezone).describe('IANA time zone name'),
});
export type SendWindow = z.infer<typeof SendWindowSchema>;

/** A partial window (PATCH): only the fields given change. */
export const SendWindowPatchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  workDays: days.optional(),
  startTime: time.optional(),
  endTime: time.optional(),
  timezone: zone.optional(),
});
export type SendWindowPatch = z.infer<typeof SendWindowPatchSchema>;

export const defaultSendWindow = (): SendWindow => ({ ...SEND_WINDOW_DEFAULTS, workDays: [...SEND_WINDOW_DEFAULTS.workDays] });

export function mergeSendWindow(current: SendWindow | undefined, patch: SendWindowPatch): SendWindow {
  const base = current ?? defaultSendWindow();
  const out = { ...base } as SendWindow;
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  if (patch.workDays) out.workDays = [...new Set(patch.workDays)].sort();
  return out;
}
