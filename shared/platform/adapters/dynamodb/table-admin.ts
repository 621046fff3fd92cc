import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, UpdateTimeToLiveCommand, waitUntilTableExists, waitUntilTableNotExists } from './sdk.js';
import { TABLE_SCHEMA } from '../../data/schema.js';
import type { TableAdmin } from '../../ports/table-store.js';
import { rethrowOutage } from './store-errors.js';

/** Creates tables with the shared single-table schema (on-demand billing, TTL on `ttl`). */
export class DynamoTableAdmin implements TableAdmin {
  private readonly client: DynamoDBClient;
  constructor(doc: DynamoDBDocumentClient) {
    this.client = doc as unknown as DynamoDBClient;
  }

  async ensureTable(name: string) {
    try {
      await this.client.send(new DescribeTableCommand({ TableName: name }));
      return;
    } catch (e) {
      if ((e as Error).name !== 'ResourceNotFoundException') rethrowOutage(e);
    }
    const attrs = new Set<string>([TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey]);
    TABLE_SCHEMA.indexes.forEach((i) => (attrs.add(i.partitionKey), attrs.add(i.sortKey)));
    try {
      await this.client.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map((i) => ({
            IndexName: i.name,
            KeySchema: [
              { AttributeName: i.partitionKey, KeyType: 'HASH' },
              { AttributeName: i.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
        }),
      );
    } catch (e) {
      if ((e as Error).name !== 'ResourceInUseException') rethrowOutage(e);
    }
    await waitUntilTableExists({ client: this.client, maxWaitTime: 120, minDelay: 1, maxDelay: 2 }, { TableName: name });
    try {
      await this.client.send(
        new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true } }),
      );
    } catch {
      // TTL is an optimisation (expiry sweeps are authoritative); a backend without it still works.
    }
  }

  async dropTable(name: string) {
    try {
      await this.client.send(new DeleteTableCommand({ TableName: name }));
    } catch (e) {
      if ((e as Error).name !== 'ResourceNotFoundException') rethrowOutage(e);
    }
    // DynamoDB deletes asynchronously (DELETING): wait, so a following ensureTable creates a fresh table (workspace wipe).
    await waitUntilTableNotExists({ client: this.client, maxWaitTime: 120, minDelay: 1, maxDelay: 2 }, { TableName: name });
  }
}
