import { createDocumentClient } from '../adapters/dynamodb/client.js';
import { DynamoTableAdmin } from '../adapters/dynamodb/table-admin.js';
import { DynamoTableStore } from '../adapters/dynamodb/table-store.js';
import { systemClock } from './clock.js';
import { tableNames } from '../data/schema.js';
import { configFromEnv, type Config } from './config.js';
import type { Deps } from './deps.js';
import { useCursorKey } from '../http/paging.js';
import { sqsQueueFromConfig } from '../adapters/queue/sqs-queue.js';
import { installWebhookNudge } from '../webhooks/nudge.js';
import { platformMailerFor } from '../adapters/mail/platform-mailer.js';
import { sfnWorkflowsFromConfig } from '../adapters/workflows/sfn-workflows.js';
import { configureLogging } from './logger.js';
import { s3FileStore } from '../adapters/files/s3-files.js';
import { discoveryDataBeside } from '../registry/discovery-data-file.js';

/** Deps for a Lambda function (or any process pointed at AWS / LocalStack by the environment, read once by configFromEnv). */
export async function awsDeps(config: Config = configFromEnv()): Promise<Deps> {
  installWebhookNudge();
  useCursorKey(config.secretsKey); // paging cursors are signed with a key derived from SECRETS_KEY
  configureLogging({ level: config.logLevel });
  const doc = createDocumentClient({ endpoint: config.aws.endpoints.dynamodb, region: config.aws.region });
  const names = tableNames(config.tablePrefix);
  const tenantStores = new Map<string, DynamoTableStore>();
  return {
    config,
    clock: systemClock,
    platform: new DynamoTableStore(doc, config.aws.platformTable ?? names.platform),
    tenantTable: (id) => {
      let store = tenantStores.get(id);
      if (!store) tenantStores.set(id, (store = new DynamoTableStore(doc, names.tenant(id))));
      return store;
    },
    tableAdmin: new DynamoTableAdmin(doc),
    mailer: await platformMailerFor(config),
    // import.meta.url is the function's bundle: the build emits the data beside it.
    discoveryData: discoveryDataBeside(import.meta.url),
    queue: sqsQueueFromConfig(config),
    workflows: sfnWorkflowsFromConfig(config),
    files: config.aws.filesBucket ? s3FileStore(config.aws.filesBucket, config.aws.region, config.local.filesMaxBytes) : undefined,
  };
}
