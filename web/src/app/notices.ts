import { useSyncExternalStore } from 'react';

/**
 * App-wide notices raised by API answers anywhere (a page never renders these itself): the 402
 * banner (workspace balance) and the connection-lost banner. A tiny external store, read with
 * useSyncExternalStore.
 */
export interface Notices {
  /** Set by a 402: its message, the top-up address the API gave, and what the refused action costs. */
  payment?: { message: string; topUpUrl?: string; cost?: number };
  /** Set when a request got no answer; cleared by the next answer. */
  connectionLost: boolean;
}

let state: Notices = { connectionLost: false };
const listeners = new Set<() => void>();

function set(next: Partial<Notices>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const notices = {
  get: () => state,
  paymentRequired: (message: string, topUpUrl?: string, cost?: number) => set({ payment: { message, topUpUrl, cost } }),
  dismissPayment: () => set({ payment: undefined }),
  connectionLost: () => state.connectionLost || set({ connectionLost: true }),
  connectionBack: () => state.connectionLost && set({ connectionLost: false }),
  subscribe: (l: () => void) => (listeners.add(l), () => void listeners.delete(l)),
};

export const useNotices = () => useSyncExternalStore(notices.subscribe, notices.get);
