import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { ensureWebBuild } from '../../infra/local/web-build.js';

/** One in-memory DynamoDB Local for the whole run (each test file uses its own table prefix); the web app built once if stale. */
let dynamo: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  const [started, built] = await Promise.allSettled([startDynamoDbLocal(), ensureWebBuild({ quiet: true })]);
  if (started.status === 'fulfilled') dynamo = started.value;
  if (started.status === 'rejected' || built.status === 'rejected') {
    await dynamo?.stop();
    throw started.status === 'rejected' ? started.reason : (built as PromiseRejectedResult).reason;
  }
  project.provide('dynamoEndpoint', dynamo!.endpoint);
  process.env.TEST_DYNAMO_ENDPOINT = dynamo!.endpoint;
}

export async function teardown() {
  await dynamo?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
