import { randomBytes } from 'node:crypto';

/**
 * Opaque random id for records: the creation time in base 36 (fixed width) then 16 random hex
 * digits, so ids sort in creation order and lists keyed by id read oldest first.
 */
export function newId(now = Date.now()): string {
  return now.toString(36).padStart(9, '0') + randomBytes(8).toString('hex');
}
