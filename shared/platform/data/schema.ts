/**
 * The single-table schema every table shares (the platform table and each tenant's data table):
 * string keys pk/sk, three overloaded GSIs, and `ttl` (epoch seconds) for DynamoDB TTL expiry.
 * CDK and the local runtime both create tables from this one description.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  ttlAttribute: 'ttl',
} as const;

export const tableNames = (prefix: string) => ({
  platform: `${prefix}platform`,
  tenant: (tenantId: string) => `${prefix}tenant-${tenantId}`,
});
