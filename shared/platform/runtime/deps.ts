import type { Clock } from '../ports/clock.js';
import type { PlatformMailer } from '../ports/platform-mail.js';
import type { WorkQueue } from '../ports/queue.js';
import type { FileStore } from '../ports/files.js';
import type { TableAdmin, TableStore } from '../ports/table-store.js';
import type { Workflows } from '../ports/workflows.js';
import type { Config } from './config.js';
import type { DiscoveryData } from '../registry/discovery-data.js';
import type { RequestInfo, TenantContext } from './context.js';
import type { Principal } from './principal.js';
import type { MailSandboxSlot } from '../ports/mail-sandbox.js';
import type { Callables } from '../ports/callables.js';

/**
 * Who is calling and in which workspace: identity's authentication and tenancy's tenant resolution.
 * The request pipeline (shared/platform/http, shared/platform/mcp) calls them through deps so that the
 * platform names no domain; the composition roots wire shared/workspace/tenancy/request-access.ts.
 */
export interface RequestAccess {
  /** The caller from a bearer key, a session cookie or the admin token; throws 401 otherwise. */
  authenticate(deps: Deps, request: RequestInfo): Promise<Principal>;
  /** The workspace the principal asked for (or its default) with its role; another tenant's is not found. */
  resolveTenant(deps: Deps, principal: Principal, requested: string | undefined): Promise<TenantContext>;
}

/**
 * Everything a handler, worker or workflow task reaches outside its own code. Built once per process:
 * from the environment in a Lambda function (infra/aws/runtime), from local stand-ins in the embedded
 * runtime (infra/local), and passed to everything that needs it.
 */
export interface Deps {
  config: Config;
  clock: Clock;
  /** The platform (control-plane) table. */
  platform: TableStore;
  /** A tenant's own data table. */
  tenantTable(tenantId: string): TableStore;
  tableAdmin: TableAdmin;
  mailer: PlatformMailer;
  /** Authentication and tenant resolution for the request pipeline (see RequestAccess). */
  access: RequestAccess;
  /** What the agent card, OpenAPI and agent guide take from the registry: the build's JSON in Lambda, computed locally. */
  discoveryData: () => Promise<DiscoveryData>;
  /** Work queues: SQS in AWS, the durable local queue in the embedded runtime; absent in unit fixtures. */
  queue?: WorkQueue;
  /** Tenant file store (generated PDFs): a directory under DATA_DIR locally, S3 in AWS; absent in unit fixtures. */
  files?: FileStore;
  /** Step Functions (AWS) or the local workflow runner; absent where no workflow is wired (unit fixtures). */
  workflows?: Workflows;
  /** Callable functions (another Lambda in AWS, in-process locally); absent where none is wired (unit fixtures). */
  callables?: Callables;
  /**
   * Called after a commit that wrote outbox items, with the deps of the caller (an operation's are
   * guarded: its queue sends are checked against what it declares). The composition roots wake the
   * webhook dispatcher with it; absent (unit fixtures), the dispatcher's sweep finds the events.
   */
  onEventsCommitted?: (deps: Deps, tenantId: string) => Promise<void>;
  /**
   * The embedded runtime only: this runtime instance's id (new at every start). Its workers and
   * workflow executions live in its process and die with it, so send leases and preparation runs
   * recorded under another instance id belong to a dead process: a restarted runtime takes them over
   * at once (one runtime per set of tables). Absent in AWS, where a lease runs out and an execution
   * outlives any one process.
   */
  localInstanceId?: string;
  /** The embedded runtime only: its mail sandbox, filled while the sandbox runs (the `/_local/mailbox` operations read it). */
  mailSandbox?: MailSandboxSlot;
}
