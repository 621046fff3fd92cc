/**
 * The price list: the ONE place a billed operation's unit price is set. Amounts are integer micro-units
 * of CURRENCY (1 USD = 1_000_000) so balances add and subtract exactly; responses show currency units.
 */
export const CURRENCY = 'USD';
export const MICROS = 1_000_000;

export interface Price {
  /** Price of one unit, in micro-units of CURRENCY. */
  unitMicros: number;
  unit: string;
  description: string;
}

export const PRICES = {
  platform_render: { unitMicros: 4_000, unit: 'email', description: 'AI render of one email by the platform (renderMode PLATFORM)' },
  audit: { unitMicros: 2_000, unit: 'iteration', description: 'Mandatory pre-send audit of one rendered email' },
  audit_failed: { unitMicros: 500, unit: 'iteration', description: 'A failed audit iteration (reduced price)' },
  inbox_placement_test: { unitMicros: 50_000, unit: 'test', description: 'One inbox-placement test of a creative' },
  email_send: { unitMicros: 1_000, unit: 'email', description: 'One email of a mailing task sent through a connected mailbox' },
  ai_generation: { unitMicros: 5_000, unit: 'call', description: 'One AI helper call (reply draft, classification, brief expert)' },
} as const satisfies Record<string, Price>;

export type BilledOperation = keyof typeof PRICES;
export const isBilledOperation = (op: string): op is BilledOperation => Object.hasOwn(PRICES, op);

/** Micro-units to currency units (6 decimals at most, so float noise never shows). */
export const toAmount = (micros: number) => Math.round(micros) / MICROS;
export const toMicros = (amount: number) => Math.round(amount * MICROS);
