import { CfnParameter, Duration, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination, type CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Function as LambdaFunction, Runtime, type Code } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import path from 'node:path';
import { operationEntry, operations } from '../../functions/registry.js';
import { TABLE_SCHEMA } from '../../shared/platform/data/schema.js';
import { limits } from '../../shared/platform/limits/limits.js';
import { SECRETS_KEY_PATTERN } from '../../shared/platform/runtime/config.js';
import { countsRequests } from '../../shared/platform/http/resource-guard.js';
import { operationResources, type AwsResource } from '../../shared/platform/registry/operation.js';
import { CHROMIUM_ARCHITECTURE, CHROMIUM_ENVIRONMENT, CHROMIUM_MIN_MEMORY_MB, chromiumLayer } from './chromium.js';
import { lambdaBundling } from './bundling.js';
import { Grants, type Grantable } from './grants.js';
import { mcpServer } from './mcp.js';
import { backgroundWork } from './background.js';
import { adminConsole } from './console.js';
import { sharedResources } from './resources.js';
import { webApp } from './web-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What domain constructs (queues, state machines, the MCP function) get to wire themselves in. */
export interface StackContext {
  table: Table;
  tablePrefix: string;
  environment: Record<string, string>;
  /**
   * Creates a Lambda with the house bundling and logging; its rights and resource environment come
   * from `resources` only (default: read on the platform table).
   */
  lambda(
    id: string,
    entry: string,
    opts?: {
      environment?: Record<string, string>;
      timeout?: Duration;
      memorySize?: number;
      scope?: Construct;
      resources?: readonly Grantable[];
      /** Runs Chromium: the shared Chromium layer, CHROMIUM_PACK_DIR, x86_64 and enough memory (infra/aws/chromium.ts). */
      chromium?: boolean;
      /** Code built by its own bundling (handler `index.handler`) instead of the house single-file NodejsFunction build of `entry` (the MCP function). */
      code?: Code;
    },
  ): LambdaFunction;
  api: HttpApi;
  /** Where domain constructs provide queues (`provideQueue`) and other resources for `finish()` to grant. */
  grants: Grants;
}

export class SvcStack extends Stack {
  readonly functions = new Map<string, LambdaFunction>();
  readonly operationStacks = new Map<string, NestedStack>();

  /** An operation's Lambda; an unknown or local-only id fails synth (a rename never drops a grant silently). */
  operationFunction(operationId: string): LambdaFunction {
    const fn = this.functions.get(operationId);
    if (!fn) throw new Error(`infra/aws: no deployed operation ${operationId}`);
    return fn;
  }

  private operationsStack(tag: string) {
    let nested = this.operationStacks.get(tag);
    if (!nested) this.operationStacks.set(tag, (nested = new NestedStack(this, `Ops-${tag}`)));
    return nested;
  }

  constructor(scope: Construct, id: string, props: StackProps & { stage?: string } = {}) {
    super(scope, id, props);
    const tablePrefix = `svc-${props.stage ?? 'prod'}-`;
    // No default: a deploy without a key is refused by CloudFormation, and a key that is not 32 bytes of
    // base64 (43 characters and one '=') fails the pattern, instead of deploying and answering 500 later.
    const secretsKey = new CfnParameter(this, 'SecretsKey', {
      type: 'String',
      noEcho: true,
      allowedPattern: SECRETS_KEY_PATTERN.source,
      constraintDescription: 'SecretsKey must be 32 random bytes in base64 (44 characters ending in "="), e.g. $(openssl rand -base64 32)',
      description: '32-byte base64 key for secrets at rest (AES-256-GCM): openssl rand -base64 32',
    });
    const adminToken = new CfnParameter(this, 'AdminToken', {
      type: 'String',
      noEcho: true,
      default: '',
      description: 'Bootstrap platform-admin bearer (SVC_ADMIN_TOKEN); empty disables it',
    });
    const mailFrom = new CfnParameter(this, 'PlatformMailFrom', { type: 'String', default: 'no-reply@example.com' });

    const table = new Table(this, 'PlatformTable', {
      tableName: `${tablePrefix}platform`,
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const i of TABLE_SCHEMA.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: i.name,
        partitionKey: { name: i.partitionKey, type: AttributeType.STRING },
        sortKey: { name: i.sortKey, type: AttributeType.STRING },
      });
    }

    const api = new HttpApi(this, 'Api', { apiName: `svc-${props.stage ?? 'prod'}`, createDefaultStage: false });
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });
    const l = limits();
    // The spec's signup edge burst (2/s, burst 10) at API Gateway; the per-address rule runs in the app.
    (stage.node.defaultChild as CfnStage).routeSettings = {
      'POST /v1/signup': { ThrottlingRateLimit: l.signupEdgeRate, ThrottlingBurstLimit: l.signupEdgeBurst },
    };

    // The web app and the API share the distribution's origin: links in mails and the Origin rule of cookie requests name it.
    const web = webApp(this, api);
    const environment: Record<string, string> = {
      TABLE_PREFIX: tablePrefix,
      SECRETS_KEY: secretsKey.valueAsString,
      SVC_ADMIN_TOKEN: adminToken.valueAsString,
      PLATFORM_MAIL_FROM: mailFrom.valueAsString,
      PUBLIC_BASE_URL: web.origin,
      NODE_OPTIONS: '--enable-source-maps',
    };
    const tenantTableArns = [`arn:${this.partition}:dynamodb:${this.region}:${this.account}:table/${tablePrefix}tenant-*`];
    const grants = new Grants(table, tenantTableArns, mailFrom.valueAsString);

    const ctx: StackContext = {
      table,
      tablePrefix,
      environment,
      api,
      grants,
      lambda: (fid, entry, opts = {}) => {
        const scope = opts.scope ?? this;
        const common = {
          runtime: Runtime.NODEJS_22_X,
          architecture: opts.chromium ? CHROMIUM_ARCHITECTURE : Architecture.ARM_64,
          memorySize: opts.chromium ? Math.max(opts.memorySize ?? 0, CHROMIUM_MIN_MEMORY_MB) : (opts.memorySize ?? 512),
          timeout: opts.timeout ?? Duration.seconds(29),
          environment: { ...environment, ...(opts.chromium ? CHROMIUM_ENVIRONMENT : {}), ...opts.environment },
          layers: opts.chromium ? [chromiumLayer(scope)] : undefined,
          logGroup: new LogGroup(scope, `${fid}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        };
        const fn = opts.code
          ? new LambdaFunction(scope, fid, { ...common, code: opts.code, handler: 'index.handler' })
          : new NodejsFunction(scope, fid, {
              ...common,
              entry: path.join(ROOT, entry),
              handler: 'handler',
              bundling: { ...lambdaBundling(opts.resources?.filter((r): r is AwsResource => r !== 'rateCounters')), format: OutputFormat.ESM },
              projectRoot: ROOT,
              depsLockFilePath: path.join(ROOT, 'package-lock.json'),
            });
        grants.apply(fn, opts.resources ?? []);
        return fn;
      },
    };

    // ~7 resources per operation (function, role, policy, log group, integration, route, permission):
    // each domain's operations live in a nested stack so no stack nears CloudFormation's 500 limit.
    for (const op of operations) {
      if (op.localOnly) continue;
      const scope = this.operationsStack(op.tag);
      const resources: Grantable[] = [...operationResources(op), ...(countsRequests(op) ? (['rateCounters'] as const) : [])];
      const fn = ctx.lambda(`Op_${op.operationId}`, operationEntry(op), { scope, resources });
      new HttpRoute(scope, `Route_${op.operationId}`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(op.path, op.method as HttpMethod),
        integration: new HttpLambdaIntegration(`Int_${op.operationId}`, fn),
      });
      this.functions.set(op.operationId, fn);
    }

    // Queues, workers, schedules and state machines from their declarations; the other declared resources; MCP; console.
    backgroundWork(this, ctx);
    sharedResources(this, ctx);
    mcpServer(this, ctx, api);
    adminConsole(this, ctx);
    grants.finish();
  }
}
