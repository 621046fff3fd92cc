import type * as z from 'zod';
import type { OperationContext } from '../runtime/context.js';
import type { OutputCheck } from './output-check.js';
import { isScope } from './scopes.js';

/**
 * Who may call an operation:
 * - public:   no credentials (health, signup, connectors with their own token)
 * - identity: any issued key, even one whose registration is still pending (GET /v1/me)
 * - sandbox:  sandbox or approved keys, never pending ones (the /v1 message surface)
 * - tenant:   an approved, active account acting in one of its tenants, holding `scope`
 * - admin:    the platform admin (admin API, console)
 */
export type Access = 'public' | 'identity' | 'sandbox' | 'tenant' | 'admin';

/**
 * `platformTable:read` / `platformTable:write`: the control-plane table (keys, tenants, balances,
 * cross-tenant indexes). Every operation's Lambda needs at least read (authentication); write only
 * when it says so. `queue:<name>` grants SendMessage on that queue, `workflow:<machine>` StartExecution on
 * that machine; `files` the tenant file store.
 */
export type AwsResource =
  | 'tenantTables'
  | 'tableAdmin'
  | 'platformMail'
  /** Connects to tenant mailboxes over SMTP/IMAP (sender checks, sends, inbox sync): bundles nodemailer; outbound network only, no IAM. */
  | 'tenantMail'
  /** Reads the card/OpenAPI/guide data the build emits beside its bundle (registry/discovery-data.ts); no IAM. */
  | 'discoveryData'
  /** Settings of the company registry lookup (DaData endpoint and key). */
  | 'registry'
  /** SVC_ADMIN_EMAILS: the addresses that become platform admins when their registration is approved. */
  | 'adminEmails'
  | 'platformTable:read'
  | 'platformTable:write'
  /** Scan of the platform and tenant tables (no index): the data migrations only (shared/workspace/migrations/), never a request path. */
  | 'tableScan'
  | 'files'
  | `queue:${string}`
  /** Start executions of that state machine (and answer its task tokens when the machine `signals`); its ARN as SFN_ARN_<NAME>. */
  | `workflow:${string}`
  /** Invoke that callable function (defineCallable) and wait for its answer; its name as FUNCTION_NAME_<NAME>. */
  | `function:${string}`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The suggested next step an MCP response carries as `_expert`. */
export interface ExpertGuidance {
  next: string | null;
  why: string;
  check?: string;
}

export interface OperationInput {
  path?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : Record<string, never>;

export interface Input<I extends OperationInput> {
  path: Infer<I['path']>;
  query: Infer<I['query']>;
  body: Infer<I['body']>;
}

export interface OperationDefinition<I extends OperationInput = OperationInput, R = unknown> {
  operationId: string;
  method: HttpMethod;
  /** API Gateway style path, `{name}` for path parameters. */
  path: string;
  summary: string;
  /** What the operation does and how to use it; reaches OpenAPI and the MCP tool description. */
  description: string;
  /** Grouping for OpenAPI tags and the agent card. */
  tag: string;
  access: Access;
  /** Permission scope for `tenant` operations (e.g. `crm:read`, `webhooks:write`). */
  scope?: string;
  input: I;
  /**
   * The success answer's shape (zod, with `.describe()` on fields): feeds OpenAPI's success response
   * and the MCP tool's `outputSchema`; a contract test parses real answers with it. Use
   * `z.looseObject` so that adding a field is never a breaking change.
   */
  output?: z.ZodType;
  /** Media type of a success answer that is not JSON (HTML pages, images, redirects): such operations need no `output`. */
  contentType?: string;
  /** HTTP status on success (default 200). */
  successStatus?: number;
  /** Billed operation name in the price list, when the call is paid. */
  billing?: string;
  hints?: { readOnly?: boolean; destructive?: boolean; idempotent?: boolean };
  /** Not exposed as an MCP tool (the spec's plain-REST routes). */
  mcp?: false;
  /** Route served by the local runtime only (never deployed). */
  localOnly?: boolean;
  /** Body size cap in bytes (default by path: 64 KB signup, 1 MB /v1, 6 MB elsewhere). */
  maxBodyBytes?: number;
  /** Raw body access (form connectors): the body is passed unparsed as a string. */
  rawBody?: boolean;
  /**
   * AWS resources the operation's Lambda needs beyond the platform table (least-privilege IAM is
   * derived from this): tenant tables, creating/dropping tables, platform mail, queues, workflows.
   */
  resources?: AwsResource[];
  guidance?: (result: R, input: Input<I>) => ExpertGuidance | undefined;
  handler: (input: Input<I>, ctx: OperationContext) => Promise<R | HttpResult>;
}

/** A handler's explicit HTTP answer (status other than the default, headers, or a non-JSON body). */
export class HttpResult {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    readonly cookies: string[] = [],
  ) {}
}

export const respond = (status: number, body: unknown, headers: Record<string, string> = {}, cookies: string[] = []) =>
  new HttpResult(status, body, headers, cookies);

export type AnyOperation = OperationDefinition<any, any>;

/** A `CheckedOutput` schema is checked against what the handler answers (shared/platform/registry/output-check.ts). */
export function defineOperation<I extends OperationInput, R, O extends z.ZodType | undefined = undefined>(
  def: OperationDefinition<I, R> & { output?: O } & OutputCheck<NoInfer<Exclude<R, HttpResult>>, NoInfer<O>>,
): OperationDefinition<I, R> {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(def.operationId)) throw new Error(`bad operationId ${def.operationId}`);
  if (def.access === 'tenant' && !def.scope) throw new Error(`${def.operationId}: tenant operations need a scope`);
  if (def.scope && !isScope(def.scope)) throw new Error(`${def.operationId}: unknown scope ${def.scope} (add it to shared/platform/registry/scopes.ts)`);
  return def;
}

/** Path parameter names of an API Gateway style path. */
export const pathParams = (path: string) => [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);

/**
 * Everything an operation's Lambda is granted: the platform table for reading (authentication) always;
 * tenant-scoped operations reach the tenant tables; a billed call writes the balance and ledger.
 */
export const operationResources = (op: AnyOperation): AwsResource[] => [
  ...new Set<AwsResource>([
    'platformTable:read',
    ...(op.access === 'tenant' ? (['tenantTables'] as const) : []),
    ...(op.billing ? (['platformTable:write'] as const) : []),
    ...(op.resources ?? []),
  ]),
];
