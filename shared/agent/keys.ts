/** Platform-table keys of the agent domain, declared once. */
export const AgentKeys = {
  /** A campaign sender capability receipt, by the SHA-256 of the token (the token itself is never stored). */
  capabilityReceipt: (hash: string) => ({ pk: `CAPRECEIPT#${hash}`, sk: 'CAPRECEIPT' }),
};
