import { badRequest, notFound } from '../../platform/errors.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { probeConfig } from '../../platform/runtime/probe-config.js';
import { verifyAddresses, type Verification, type VerifySettings } from './verify.js';
import { channelHolders, ContactEntity } from '../../crm/contacts/entities.js';

/** At most this many addresses (or contacts) per call: the call answers synchronously within its budget. */
export const VERIFY_BATCH_MAX = 100;

/** Probe settings: DNS servers from config.dnsServers (DNS_SERVERS), the rest from config.emailVerification (settings.ts). */
export function verifySettings(deps: Deps): VerifySettings {
  const c = deps.config.emailVerification ?? probeConfig({});
  let host = 'localhost';
  try {
    host = new URL(deps.config.publicBaseUrl).hostname || host;
  } catch {
    // keep localhost
  }
  return {
    dnsServers: deps.config.dnsServers,
    dnsTimeoutMs: c.dnsTimeoutMs,
    smtpPort: c.smtpPort,
    smtpStepTimeoutMs: c.smtpStepTimeoutMs,
    heloName: c.heloName ?? (/^[\d.]+$|^\[/.test(host) ? 'localhost' : host),
    budgetMs: c.budgetMs,
    allowLoopback: deps.config.allowLoopbackTargets,
    concurrency: 4,
    now: () => deps.clock.now(),
  };
}

export interface BatchItem extends Verification {
  /** The address as sent, or read from a contact sent by id. */
  input: string;
  /** Contacts whose channel now carries this verification. */
  contactIds: string[];
}

/** Verifies addresses (or the email channels of contacts) and stores each result on the matching contact channels. */
export async function verifyBatch(deps: Deps, table: TableStore, input: { emails?: string[]; contactIds?: string[] }, settings = verifySettings(deps)) {
  if ((input.emails === undefined) === (input.contactIds === undefined)) throw badRequest(['exactly one of emails or contactIds must be given']);
  let emails: string[];
  if (input.contactIds) {
    const ids = [...new Set(input.contactIds)];
    const contacts = await table.batchGet(ids.map((id) => ContactEntity.key({ contactId: id })));
    if (contacts.length !== ids.length) throw notFound('Contact');
    emails = [
      ...new Set(contacts.flatMap((c) => ((c.channels as { type: string; value: string }[]) ?? []).filter((ch) => ch.type === 'email').map((ch) => ch.value))),
    ];
    if (emails.length > VERIFY_BATCH_MAX) throw badRequest([`the contacts hold more than ${VERIFY_BATCH_MAX} addresses; send fewer contactIds`]);
  } else emails = input.emails!;
  const verified = await verifyAddresses(emails, settings);
  const data: BatchItem[] = [];
  for (let i = 0; i < verified.length; i++) {
    const v = verified[i];
    const contactIds = v.reasons[0] === 'syntax' ? [] : await storeOnChannels(table, v);
    data.push({ input: emails[i], ...v, contactIds });
  }
  const summary = { valid: 0, invalid: 0, risky: 0, unknown: 0 };
  for (const d of data) summary[d.result]++;
  return { data, summary, total: data.length };
}

/**
 * Writes the verification on every entry holding the address (the first holder's marker, the
 * duplicates' channel items: channelHolders), and on the contact's channel list.
 */
async function storeOnChannels(table: TableStore, v: Verification): Promise<string[]> {
  const verification = { result: v.result, reasons: v.reasons, mx: v.mx, checkedAt: v.checkedAt };
  const page = await table.query<Item>({ ...channelHolders('email', v.email), limit: 100 });
  const ids: string[] = [];
  for (const ch of page.items) {
    const contactId = ch.contactId as string;
    if (ids.includes(contactId)) continue;
    try {
      await table.update(
        { pk: ch.pk as string, sk: ch.sk as string },
        {
          set: { verification },
          condition: { expression: 'attribute_exists(pk)' },
        },
      );
    } catch (e) {
      if (e instanceof ConditionFailed) continue; // deleted meanwhile
      throw e;
    }
    await updateContactChannelList(table, contactId, v.email, verification);
    ids.push(contactId);
  }
  return ids;
}

/** The contact item's embedded channel list, optimistic on updatedAt (not bumped: this is not a user edit). */
async function updateContactChannelList(table: TableStore, contactId: string, email: string, verification: Record<string, unknown>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const c = await table.get<{ channels?: { type: string; value: string }[]; updatedAt: string }>(ContactEntity.key({ contactId }));
    if (!c?.channels) return;
    const channels = c.channels.map((ch) => (ch.type === 'email' && ch.value === email ? { ...ch, verification } : ch));
    try {
      await table.update(ContactEntity.key({ contactId }), { set: { channels }, condition: { expression: 'updatedAt = :u', values: { ':u': c.updatedAt } } });
      return;
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
    }
  }
}
