import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../infra/local/dynamodb-local.js';

/** One in-memory DynamoDB Local for the whole run; each test file uses its own table prefix. */
let dynamo: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  dynamo = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  process.env.TEST_DYNAMO_ENDPOINT = dynamo.endpoint;
}

export async function teardown() {
  await dynamo?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
