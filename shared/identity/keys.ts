/** Platform-table keys of the identity entities, declared once. */
export const IdentityKeys = {
  apiKey: (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' }),
  account: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' }),
  /** Uniqueness marker: one account per normalized email. */
  accountEmail: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  /** Keys of an account (for revocation and listing), sorted by creation. */
  accountKeyRef: (accountId: string, keyId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `KEYREF#${keyId}` }),
  quota: (accountId: string, month: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `QUOTA#${month}` }),
  message: (accountId: string, messageId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `MESSAGE#${messageId}` }),
};
