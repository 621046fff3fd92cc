import { createDocumentClient } from '../adapters/dynamodb/client.js';
import { DynamoTableAdmin } from '../adapters/dynamodb/table-admin.js';
import { DynamoTableStore } from '../adapters/dynamodb/table-store.js';
import { systemClock } from '../ports/clock.js';
import { tableNames } from '../data/schema.js';
import { configFromEnv } from './config.js';
import type { Deps } from './deps.js';
import { sqsQueueFromEnv } from '../adapters/queue/sqs-queue.js';
import { installWebhookNudge } from '../webhooks/nudge.js';
import { platformMailerFor } from '../adapters/mail/platform-mailer.js';
import { sfnWorkflowsFromEnv } from '../adapters/workflows/sfn-workflows.js';

/** Deps for a Lambda function (or any process pointed at AWS / LocalStack by the environment). */
export async function awsDeps(env: NodeJS.ProcessEnv = process.env): Promise<Deps> {
  installWebhookNudge();
  const config = configFromEnv(env);
  const doc = createDocumentClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB ?? env.AWS_ENDPOINT_URL });
  const names = tableNames(config.tablePrefix);
  const tenantStores = new Map<string, DynamoTableStore>();
  return {
    config,
    clock: systemClock,
    platform: new DynamoTableStore(doc, env.PLATFORM_TABLE ?? names.platform),
    tenantTable: (id) => {
      let store = tenantStores.get(id);
      if (!store) tenantStores.set(id, (store = new DynamoTableStore(doc, names.tenant(id))));
      return store;
    },
    tableAdmin: new DynamoTableAdmin(doc),
    mailer: await platformMailerFor(config),
    queue: sqsQueueFromEnv(env),
    workflows: sfnWorkflowsFromEnv(env),
  };
}
