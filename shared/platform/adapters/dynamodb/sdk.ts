import { createRequire } from 'node:module';
import type * as ClientDynamoDB from '@aws-sdk/client-dynamodb';
import type * as LibDynamoDB from '@aws-sdk/lib-dynamodb';

/**
 * The DynamoDB SDK (the Lambda runtime provides it; every bundle leaves it external), loaded with
 * require(). Its packages are CommonJS, 34 files; when ESM imports them, Node's ESM loader resolves,
 * reads and lexes (cjs-module-lexer) each file they require in turn, which doubles their load at a
 * cold start (a fresh process, Node 20: 110–130 ms CPU imported against 55–60 required; Node 22, the
 * Lambda runtime's: 115–125 against 75–90). Node keeps one CommonJS cache, so an `import` of the same
 * package elsewhere (tests, aws-sdk-client-mock) gets these very classes.
 */
const requireCommonJs = createRequire(import.meta.url);

export const {
  DynamoDBClient,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
} = requireCommonJs('@aws-sdk/client-dynamodb') as typeof ClientDynamoDB;

export const {
  DynamoDBDocumentClient,
  BatchExecuteStatementCommand,
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} = requireCommonJs('@aws-sdk/lib-dynamodb') as typeof LibDynamoDB;
