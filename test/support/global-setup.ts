import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { ensureWebBuild } from '../../infra/local/web-build.js';
import { dovecotPreflight, testServersDir } from './dovecot.js';

/**
 * One in-memory DynamoDB Local for the whole run; each test file uses its own table prefix.
 * One folder for the run's test servers whose processes run as other users (Dovecot), outside the
 * checkout (see testServersDir), removed at teardown with whatever a crashed worker left in it.
 * Preflight: one Dovecot must start and let a user log in, else the run stops here with its message
 * instead of every IMAP test failing with 422 imap_auth_failed. The web app is built once if stale.
 */
let dynamo: DynamoDbLocal | undefined;
let serversDir: string | undefined;

export async function setup(project: TestProject) {
  serversDir = mkdtempSync(path.join(testServersDir(), 'svc-test-servers-'));
  chmodSync(serversDir, 0o711);
  process.env.SVC_TEST_SERVERS_DIR = serversDir;
  process.once('exit', removeServersDir); // an interrupted run (Ctrl-C) skips the teardown
  const dovecotInstalled = existsSync(process.env.DOVECOT_PATH || '/usr/sbin/dovecot');
  try {
    const [started, preflight, built] = await Promise.allSettled([
      startDynamoDbLocal(),
      dovecotInstalled ? dovecotPreflight() : undefined,
      ensureWebBuild({ quiet: true }),
    ]);
    if (started.status === 'fulfilled') dynamo = started.value;
    if (started.status === 'rejected') throw started.reason;
    if (preflight.status === 'rejected') throw preflight.reason;
    if (built.status === 'rejected') throw built.reason;
  } catch (e) {
    await teardown();
    throw e;
  }
  project.provide('dynamoEndpoint', dynamo!.endpoint);
  process.env.TEST_DYNAMO_ENDPOINT = dynamo!.endpoint;
}

export async function teardown() {
  await dynamo?.stop();
  removeServersDir();
}

function removeServersDir() {
  if (serversDir) rmSync(serversDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
