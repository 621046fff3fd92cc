import { workspaceKey } from '../../api/query-keys';

/** Shapes and the pure logic of the settings page (SettingsController_* answers). */
export interface SendWindow {
  enabled: boolean;
  workDays: number[];
  startTime: string;
  endTime: string;
  timezone: string;
}

export interface SendWindowAnswer {
  source: 'workspace' | 'default';
  configured: SendWindow;
  windowOpen: boolean;
  nextOpenAt: string | null;
}

export interface CompanyProfile {
  companyName: string;
  physicalAddress: string;
  senderName?: string;
  website?: string;
}

export interface Transport {
  kind: 'oauth' | 'smtp';
  enabled: boolean;
}

/** The phrase SettingsController_deleteAllData requires, typed by the person. */
export const WIPE_PHRASE = 'DELETE ALL DATA';

export const settingsKey = (t: string, ...rest: string[]) => workspaceKey(t, 'settings', ...rest);

/** ISO weekdays, 1 = Monday, as the API counts them. */
export const WEEKDAYS = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [7, 'Sunday'],
] as const;

/** The editor's values as the PATCH body: one checkbox per weekday (`workDay<N>`) becomes `workDays`. */
export function sendWindowBody(values: Record<string, string | boolean>): Partial<SendWindow> {
  const body: Partial<SendWindow> = { enabled: values.enabled === true, workDays: WEEKDAYS.filter(([n]) => values[`workDay${n}`] === true).map(([n]) => n) };
  for (const k of ['startTime', 'endTime', 'timezone'] as const) if (typeof values[k] === 'string') body[k] = values[k];
  return body;
}

/**
 * Whether sends may go out now, from the API's `windowOpen` and `nextOpenAt`: "Open now", or when it
 * opens, in the reader's own time and in the window's zone.
 */
export function windowStateInWords(w: SendWindowAnswer, locale?: string): string {
  if (!w.configured.enabled) return 'Open now: no send window, mail may go out at any time.';
  if (w.windowOpen) return 'Open now: mail may go out.';
  if (!w.nextOpenAt) return 'Closed: the window never opens (no work days chosen).';
  const at = new Date(w.nextOpenAt);
  const here = at.toLocaleString(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
  let there: string;
  try {
    there = at.toLocaleString(locale, { weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone: w.configured.timezone });
  } catch {
    there = '';
  }
  return `Closed now: opens at ${here}${there ? ` (${there} ${w.configured.timezone})` : ''}.`;
}

/** Every IANA zone the browser knows, UTC first (the API's default). */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((z) => z !== 'UTC')];
}

/** Moves the item at `index` one place up (-1) or down (+1); the same list when it cannot move. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}

export const SEED_KEYS = ['email', 'provider', 'imapHost', 'imapPort', 'imapUser', 'imapPass'] as const;

/** The seed rows (`mailboxes.<i>.<key>` inputs) as the test-connection body's list; the port as a number. */
export function seedBody(values: Record<string, string | boolean>, rows: number) {
  return Array.from({ length: rows }, (_, i) => {
    const seed: Record<string, unknown> = {};
    for (const k of SEED_KEYS) {
      const v = values[`mailboxes.${i}.${k}`];
      if (typeof v !== 'string') continue;
      seed[k] = k === 'imapPort' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
    }
    return seed;
  });
}
