import { randomBytes } from 'node:crypto';
import { createDocumentClient } from '../../shared/platform/adapters/dynamodb/client.js';
import { DynamoTableAdmin } from '../../shared/platform/adapters/dynamodb/table-admin.js';
import { DynamoTableStore } from '../../shared/platform/adapters/dynamodb/table-store.js';
import { LocalOutboxMailer } from '../../shared/platform/adapters/mail/local-outbox.js';
import { localPlatformMailer } from '../../shared/platform/adapters/mail/platform-mailer.js';
import { tableNames } from '../../shared/platform/data/schema.js';
import { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { CursorSeal } from '../../shared/platform/http/paging.js';
import { LocalWorkQueue } from './local-queue.js';
import { LocalFileStore } from '../../shared/platform/adapters/files/local-files.js';
import { nudgeWebhookDispatcher } from '../../shared/workspace/webhooks/nudge.js';
import { requestAccess } from '../../shared/workspace/tenancy/request-access.js';
// Registers the default pipeline as a tenant initializer (tenancy runs it when a workspace is born or wiped).
import '../../shared/crm/pipelines/tenant-init.js';
import { localSecretsKey } from './secrets-key.js';
import { discoveryDataOf, type DiscoveryData } from '../../shared/platform/registry/discovery-data.js';
import { localCallables } from './callables.js';

/** Deps of the embedded runtime: DynamoDB Local, a movable clock, the local outbox for platform mail. */
export async function localDeps(endpoint: string, env: NodeJS.ProcessEnv): Promise<Deps> {
  // Without SECRETS_KEY the key is the one kept under DATA_DIR (made on the first start), never a built-in one.
  const keyFile = env.SECRETS_KEY ? undefined : localSecretsKey(env.DATA_DIR ?? './.data');
  const config = configFromEnv({ ...env, SVC_RUNTIME: 'local', ...(keyFile ? { SECRETS_KEY: keyFile.key } : {}) });
  if (keyFile) config.local.secretsKeyFile = { path: keyFile.file, created: keyFile.created, existingData: keyFile.existingData };
  const cursors = CursorSeal.fromSecretsKey(config.secretsKey); // paging cursors: signed with a key derived from SECRETS_KEY
  const doc = createDocumentClient({ endpoint });
  const names = tableNames(config.tablePrefix);
  const tableAdmin = new DynamoTableAdmin(doc);
  await tableAdmin.ensureTable(names.platform);
  const platform = new DynamoTableStore(doc, names.platform, { cursors });
  const clock = new AdjustableClock();
  const stores = new Map<string, DynamoTableStore>();
  let discovery: Promise<DiscoveryData> | undefined;
  const localInstanceId = `rt-${process.pid}-${randomBytes(4).toString('hex')}`;
  const deps: Deps = {
    config,
    clock,
    platform,
    tenantTable: (id) => {
      let s = stores.get(id);
      if (!s) stores.set(id, (s = new DynamoTableStore(doc, names.tenant(id), { cursors })));
      return s;
    },
    tableAdmin,
    mailer: localPlatformMailer(config, new LocalOutboxMailer(platform, clock)),
    // The runtime has the registry loaded: computed from it once, as the build computes it for Lambda.
    discoveryData: () => (discovery ??= import('../../functions/registry.js').then(({ operations }) => discoveryDataOf(operations))),
    queue: new LocalWorkQueue(platform, clock, localInstanceId),
    access: requestAccess,
    onEventsCommitted: nudgeWebhookDispatcher,
    files: new LocalFileStore(`${config.local.dataDir}/files`, () => clock.now(), config.local.filesMaxBytes),
    localInstanceId,
    mailSandbox: {},
    callables: localCallables(() => deps),
  };
  return deps;
}
