import { notFound } from '../../platform/errors.js';
import { ConditionFailed, notExists, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import type { ChannelType } from './entities.js';
import { chanKey, channelItems, markerItem, toContact } from './items.js';
import type { Channel } from './types.js';
import { ChannelMarker, channelHolders, ContactChannel, ContactEntity } from './entities.js';

const isTxConflict = (e: unknown) => (e as { name?: string })?.name === 'TransactionCanceledException';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Runs a transaction whose channel markers may already be taken. `build(dups)` returns the ops and
 * which op index is the marker of which channel; a taken marker is dropped and its owner recorded
 * as `duplicateOf` (rebuild), so the first owner keeps the marker and later holders are flagged.
 */
export async function transactWithMarkers(
  table: TableStore,
  build: (dups: Map<string, string>) => { ops: TxOp[]; markers: Map<number, { type: ChannelType; value: string }>; companyCheck?: number },
) {
  const dups = new Map<string, string>();
  for (let attempt = 0; attempt < 8; attempt++) {
    const { ops, markers, companyCheck } = build(dups);
    try {
      await table.transact(ops);
      return dups;
    } catch (e) {
      if (isTxConflict(e)) {
        await pause(10 + Math.random() * 40 * (attempt + 1));
        continue;
      }
      if (!(e instanceof ConditionFailed)) throw e;
      const failed = e.reasons.length ? e.reasons.map((r, i) => (r === 'ConditionalCheckFailed' ? i : -1)).filter((i) => i >= 0) : [e.index ?? -1];
      if (companyCheck !== undefined && failed.includes(companyCheck)) throw notFound('Company');
      const taken = failed.map((i) => markers.get(i)).filter((m): m is { type: ChannelType; value: string } => !!m);
      if (taken.length !== failed.length) throw e;
      for (const m of taken) {
        const owner = await table.get<{ contactId: string }>(ChannelMarker.key({ type: m.type, value: m.value }));
        if (owner) dups.set(chanKey(m), owner.contactId);
      }
    }
  }
  throw new Error('channel marker transaction did not settle');
}
/**
 * The oldest remaining holder of a value becomes its marker's owner (the marker indexes it, so its
 * channel item goes); the other holders' `duplicateOf` is pointed at it (bounded: the first 100 holders).
 */
export async function handOverMarker(table: TableStore, type: ChannelType, value: string, goneId: string, now: number) {
  const holders = [
    ...new Set(
      (await table.query<{ contactId: string }>({ ...channelHolders(type, value), limit: 100 })).items.map((h) => h.contactId).filter((id) => id !== goneId),
    ),
  ];
  const heir = holders[0];
  if (!heir) return;
  try {
    await table.transact([{ put: markerItem(heir, type, value, now), condition: notExists }, { delete: ContactChannel.key({ contactId: heir, type, value }) }]);
  } catch (e) {
    if (e instanceof ConditionFailed) return; // someone else took it meanwhile
    throw e;
  }
  for (const id of holders) {
    const item = await table.get(ContactEntity.key({ contactId: id }));
    if (!item) continue;
    const c = toContact(item);
    const ch = c.channels.find((x) => x.type === type && x.value === value);
    if (!ch || (ch.duplicateOf !== goneId && id !== heir)) continue;
    const next: Channel = { ...ch, duplicateOf: id === heir ? undefined : heir };
    if (!next.duplicateOf) delete next.duplicateOf;
    const channels = c.channels.map((x) => (x === ch ? next : x));
    await table
      .transact([
        {
          update: ContactEntity.key({ contactId: id }),
          spec: { set: { channels }, condition: { expression: 'updatedAt = :u', values: { ':u': c.updatedAt } } },
        },
        // The heir is indexed by its marker; the others keep (or get) their duplicate channel item.
        id === heir ? { delete: ContactChannel.key({ contactId: id, type, value }) } : { put: channelItems(id, next) },
      ])
      .catch((e) => {
        if (!(e instanceof ConditionFailed)) throw e; // changed meanwhile: its flag stays as it was
      });
  }
}
