import { createDocumentClient } from '../../../shared/platform/adapters/dynamodb/client.js';
import { DynamoTableAdmin } from '../../../shared/platform/adapters/dynamodb/table-admin.js';
import { DynamoTableStore } from '../../../shared/platform/adapters/dynamodb/table-store.js';
import { systemClock } from '../../../shared/platform/runtime/clock.js';
import { tableNames } from '../../../shared/platform/data/schema.js';
import { configFromEnv, type Config } from '../../../shared/platform/runtime/config.js';
import type { Deps } from '../../../shared/platform/runtime/deps.js';
import { CursorSeal } from '../../../shared/platform/http/paging.js';
import { sqsQueueFromConfig } from '../../../shared/platform/adapters/queue/sqs-queue.js';
import { nudgeWebhookDispatcher } from '../../../shared/workspace/webhooks/nudge.js';
import { requestAccess } from '../../../shared/workspace/tenancy/request-access.js';
// Registers the default pipeline as a tenant initializer (tenancy runs it when a workspace is born or wiped).
import '../../../shared/crm/pipelines/tenant-init.js';
import { sesPlatformMailerFor } from '../../../shared/platform/adapters/mail/ses-mailer.js';
import { lambdaCallablesFromConfig } from '../../../shared/platform/adapters/functions/lambda-callables.js';
import { sfnWorkflowsFromConfig } from '../../../shared/platform/adapters/workflows/sfn-workflows.js';
import { s3FileStore } from '../../../shared/platform/adapters/files/s3-files.js';
import { discoveryDataBeside } from '../../../shared/platform/registry/discovery-data-file.js';

/**
 * The composition root of a Lambda function: its deps, built once per process on first use, from the
 * environment (read once by configFromEnv), and passed to the handler it runs.
 */
let built: Promise<Deps> | undefined;
export const lambdaDeps = (): Promise<Deps> => (built ??= awsDeps());

/** Deps for a Lambda function (or any process pointed at AWS / LocalStack by the environment). */
export async function awsDeps(config: Config = configFromEnv()): Promise<Deps> {
  // Paging cursors are signed with a key derived from SECRETS_KEY: one that every instance of the deployment opens.
  const cursors = CursorSeal.fromSecretsKey(config.secretsKey);
  const doc = createDocumentClient({ endpoint: config.aws.endpoints.dynamodb, region: config.aws.region });
  const names = tableNames(config.tablePrefix);
  const tenantStores = new Map<string, DynamoTableStore>();
  return {
    config,
    clock: systemClock,
    platform: new DynamoTableStore(doc, config.aws.platformTable ?? names.platform, { cursors }),
    tenantTable: (id) => {
      let store = tenantStores.get(id);
      if (!store) tenantStores.set(id, (store = new DynamoTableStore(doc, names.tenant(id), { cursors })));
      return store;
    },
    tableAdmin: new DynamoTableAdmin(doc),
    mailer: sesPlatformMailerFor(config),
    // import.meta.url is the function's bundle: the build emits the data beside it.
    discoveryData: discoveryDataBeside(import.meta.url),
    queue: sqsQueueFromConfig(config),
    workflows: sfnWorkflowsFromConfig(config),
    callables: lambdaCallablesFromConfig(config),
    access: requestAccess,
    onEventsCommitted: nudgeWebhookDispatcher,
    files: config.aws.filesBucket ? s3FileStore(config.aws.filesBucket, config.aws.region, config.local.filesMaxBytes) : undefined,
  };
}
