import { DynamoDBClient, DynamoDBDocumentClient } from './sdk.js';

/** One document client per process; `endpoint` points at DynamoDB Local or LocalStack. */
export function createDocumentClient(opts: { endpoint?: string; region?: string } = {}) {
  const local = Boolean(opts.endpoint);
  const client = new DynamoDBClient({
    region: opts.region ?? 'us-east-1',
    ...(local ? { endpoint: opts.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: local ? 3 : 5,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
}
