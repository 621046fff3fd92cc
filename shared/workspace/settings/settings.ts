import * as z from 'zod';
import type { TableStore } from '../../platform/ports/table-store.js';
import { WorkspaceSetting, type SettingName } from './entities.js';
import { bounceGuardOf } from './bounce-guard.js';
import { defaultSendWindow, mergeSendWindow, SendWindowSchema, type SendWindow, type SendWindowPatch } from './send-window.js';

/**
 * Workspace settings: small values under one partition of the tenant table. Readers fall back to
 * safe defaults, so the send engine can call them on a fresh workspace. Each write replaces one
 * item (a PATCH merges first and writes with a version check, so two PATCHes do not lose fields).
 */
interface SettingItem<T> {
  value: T;
  version: number;
  updatedAt: string;
}

async function read<T>(table: TableStore, name: SettingName): Promise<SettingItem<T> | undefined> {
  return table.get<SettingItem<T>>(WorkspaceSetting.key({ name }));
}

/** Writes `value` when the stored version is still `expected` (0 = absent); false when someone else wrote first. */
async function write<T>(table: TableStore, name: SettingName, value: T, expected: number, nowMs: number): Promise<boolean> {
  const condition =
    expected === 0 ? { expression: 'attribute_not_exists(pk)' } : { expression: '#v = :v', names: { '#v': 'version' }, values: { ':v': expected } };
  try {
    await table.put(WorkspaceSetting.item({ name }, { name, value, version: expected + 1, updatedAt: new Date(nowMs).toISOString() }), condition);
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionFailed') return false;
    throw e;
  }
}

/** Read-modify-write with a version check, retried a few times (bounded). */
export async function updateSetting<T>(table: TableStore, name: SettingName, nowMs: number, change: (current: T | undefined) => T): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await read<T>(table, name);
    const next = change(current?.value);
    if (await write(table, name, next, current?.version ?? 0, nowMs)) return next;
  }
  throw new Error(`setting ${name}: too many concurrent writes`);
}

export async function getSetting<T>(table: TableStore, name: SettingName): Promise<T | undefined> {
  return (await read<T>(table, name))?.value;
}

/**
 * Every setting of the workspace in one Query of its settings partition (a handful of small items:
 * one read unit), for the send path that needs four of them per email.
 */
export async function readAllSettings(table: TableStore): Promise<Partial<Record<SettingName, unknown>>> {
  const page = await table.query<SettingItem<unknown> & { name: SettingName }>({ pk: WorkspaceSetting.query('primary', {}).pk, limit: 50 });
  return Object.fromEntries(page.items.map((i) => [i.name, i.value]));
}

/** What the send worker reads per email, from one Query (defaults as the single getters below). */
export async function sendSettings(table: TableStore) {
  const all = await readAllSettings(table);
  return {
    sendWindow: (all.sendWindow as SendWindow | undefined) ?? defaultSendWindow(),
    minSendIntervalSeconds: (all.minSendInterval as number | undefined) ?? DEFAULT_MIN_SEND_INTERVAL_SECONDS,
    companyProfile: (all.companyProfile as CompanyProfile | undefined) ?? null,
    defaultTrackingDomain: (all.defaultTrackingDomain as string | undefined) ?? null,
    bounceGuard: bounceGuardOf(all.bounceGuard),
  };
}
export type SendSettings = Awaited<ReturnType<typeof sendSettings>>;

// --- send window -------------------------------------------------------------------------------

/** The workspace default window; defaults when never set or when the stored value is unreadable (the gate state then says closed only for a bad zone). */
export async function getWorkspaceSendWindow(table: TableStore): Promise<SendWindow & { source: 'workspace' | 'default' }> {
  const stored = await getSetting<SendWindow>(table, 'sendWindow');
  if (!stored) return { ...defaultSendWindow(), source: 'default' };
  return { ...(stored as SendWindow), source: 'workspace' };
}

export async function setWorkspaceSendWindow(table: TableStore, patch: SendWindowPatch, nowMs: number): Promise<SendWindow> {
  return updateSetting<SendWindow>(table, 'sendWindow', nowMs, (cur) => SendWindowSchema.parse(mergeSendWindow(cur, patch)));
}

// --- min send interval -------------------------------------------------------------------------

export const DEFAULT_MIN_SEND_INTERVAL_SECONDS = 60;
export const MinSendIntervalSchema = z.number().int().min(0).max(86_400);

/** Seconds between two sends of one mailbox (default 60). */
export async function getMinSendInterval(table: TableStore): Promise<number> {
  return (await getSetting<number>(table, 'minSendInterval')) ?? DEFAULT_MIN_SEND_INTERVAL_SECONDS;
}

// --- auto-approve ------------------------------------------------------------------------------

/** Workspace mailing auto-approve: when true the whole workspace sends without manual approval. */
export async function getAutoApprove(table: TableStore): Promise<boolean> {
  return (await getSetting<boolean>(table, 'autoApprove')) === true;
}

// --- transports --------------------------------------------------------------------------------

export const TRANSPORT_KINDS = ['smtp', 'oauth'] as const;
export const TransportsSchema = z.strictObject({
  transports: z
    .array(
      z.strictObject({
        kind: z.enum(TRANSPORT_KINDS).describe('smtp = mailboxes connected with an application password; oauth = Google/Microsoft OAuth mailboxes (XOAUTH2)'),
        enabled: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(TRANSPORT_KINDS.length)
    .refine((t) => new Set(t.map((x) => x.kind)).size === t.length, 'transports must not repeat a kind')
    .describe('In order of preference: the send engine picks a mailbox of the first enabled kind that has a sendable one'),
});
export type Transports = z.infer<typeof TransportsSchema>;
export const DEFAULT_TRANSPORTS: Transports = {
  transports: [
    { kind: 'oauth', enabled: true },
    { kind: 'smtp', enabled: true },
  ],
};

export async function getTransports(table: TableStore): Promise<Transports> {
  return (await getSetting<Transports>(table, 'transports')) ?? DEFAULT_TRANSPORTS;
}

// --- company profile (compliance footer) -------------------------------------------------------

export const CompanyProfileSchema = z.strictObject({
  companyName: z.string().trim().min(1).max(200).describe('Legal name of the sender organisation'),
  physicalAddress: z.string().trim().min(5).max(500).describe('Postal address printed in every email footer'),
  senderName: z.string().trim().min(1).max(120).optional().describe('Real sender identity (person or team) shown in the footer'),
  website: z.string().trim().max(200).optional(),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

/** The physical address + sender identity for the compliance footer; null until set (the send engine refuses to start without it). */
export async function getPhysicalAddress(table: TableStore): Promise<CompanyProfile | null> {
  return (await getSetting<CompanyProfile>(table, 'companyProfile')) ?? null;
}
