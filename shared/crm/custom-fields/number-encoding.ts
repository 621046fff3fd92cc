/**
 * Lexicographically sortable encoding of a double: its IEEE-754 bits as 16 hex digits, with the sign
 * bit flipped for positives and every bit flipped for negatives. String order == numeric order, and
 * the fixed width lets `<enc>#` / `<enc>#~` bound "equals", "gt" and "lte" ranges exactly.
 */
export function encodeNumber(n: number): string {
  const buf = Buffer.alloc(8);
  buf.writeDoubleBE(n === 0 ? 0 : n); // -0 and 0 encode alike
  if (buf[0] & 0x80) for (let i = 0; i < 8; i++) buf[i] = ~buf[i] & 0xff;
  else buf[0] |= 0x80;
  return buf.toString('hex');
}

export function decodeNumber(hex: string): number {
  const buf = Buffer.from(hex, 'hex');
  if (buf[0] & 0x80) buf[0] &= 0x7f;
  else for (let i = 0; i < 8; i++) buf[i] = ~buf[i] & 0xff;
  return buf.readDoubleBE(0);
}

/** Sort-key bounds on gsi2 for a number comparison ('~' sorts after every id character). */
export function numberRange(op: 'gt' | 'gte' | 'lt' | 'lte' | 'equals', v: number) {
  const e = encodeNumber(v);
  switch (op) {
    case 'gt':
      return { skGreaterThan: `${e}#~` };
    case 'gte':
      return { skGreaterThan: `${e}#` };
    case 'lt':
      return { skLessThan: `${e}#` };
    case 'lte':
      return { skLessThan: `${e}#~` };
    case 'equals':
      return { skBeginsWith: `${e}#` };
  }
}
