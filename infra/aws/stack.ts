import { CfnParameter, Duration, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, type CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import path from 'node:path';
import { operationEntry, operations } from '../../functions/registry.js';
import { TABLE_SCHEMA } from '../../shared/data/schema.js';
import { limits } from '../../shared/limits/limits.js';
import { operationResources, type AnyOperation } from '../../shared/registry/operation.js';
import { lambdaBundling } from './bundling.js';
import { mcpServer } from './mcp.js';
import { signupApproval } from './signup-approval.js';
import { webhooks } from './webhooks.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What domain constructs (queues, state machines, the MCP function) get to wire themselves in. */
export interface StackContext {
  table: Table;
  tablePrefix: string;
  environment: Record<string, string>;
  /** Creates a Lambda with the house bundling, logging and base permissions, plus the grants of `resources`. */
  lambda(id: string, entry: string, opts?: { environment?: Record<string, string>; timeout?: Duration; memorySize?: number; scope?: Construct; resources?: AnyOperation['resources'] }): NodejsFunction;
  api: HttpApi;
}

export class SvcStack extends Stack {
  readonly functions = new Map<string, NodejsFunction>();
  readonly operationStacks = new Map<string, NestedStack>();

  private operationsStack(tag: string) {
    let nested = this.operationStacks.get(tag);
    if (!nested) this.operationStacks.set(tag, (nested = new NestedStack(this, `Ops-${tag}`)));
    return nested;
  }

  constructor(scope: Construct, id: string, props: StackProps & { stage?: string } = {}) {
    super(scope, id, props);
    const tablePrefix = `svc-${props.stage ?? 'prod'}-`;
    const secretsKey = new CfnParameter(this, 'SecretsKey', { type: 'String', noEcho: true, minLength: 44, default: 'CHANGE-ME-32-byte-base64-key-for-secrets-at-rest=' , description: '32-byte base64 key for secrets at rest (AES-256-GCM)' });
    const adminToken = new CfnParameter(this, 'AdminToken', { type: 'String', noEcho: true, default: '', description: 'Bootstrap platform-admin bearer (SVC_ADMIN_TOKEN); empty disables it' });
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
      table.addGlobalSecondaryIndex({ indexName: i.name, partitionKey: { name: i.partitionKey, type: AttributeType.STRING }, sortKey: { name: i.sortKey, type: AttributeType.STRING } });
    }

    const api = new HttpApi(this, 'Api', { apiName: `svc-${props.stage ?? 'prod'}`, createDefaultStage: false });
    const stage = new HttpStage(this, 'DefaultStage', { httpApi: api, stageName: '$default', autoDeploy: true, throttle: { rateLimit: 200, burstLimit: 400 } });
    const l = limits();
    // The spec's signup edge burst (2/s, burst 10) at API Gateway; the per-address rule runs in the app.
    (stage.node.defaultChild as CfnStage).routeSettings = { 'POST /v1/signup': { ThrottlingRateLimit: l.signupEdgeRate, ThrottlingBurstLimit: l.signupEdgeBurst } };

    const environment: Record<string, string> = {
      TABLE_PREFIX: tablePrefix,
      PLATFORM_TABLE: table.tableName,
      SECRETS_KEY: secretsKey.valueAsString,
      SVC_ADMIN_TOKEN: adminToken.valueAsString,
      PLATFORM_MAIL_FROM: mailFrom.valueAsString,
      PUBLIC_BASE_URL: api.apiEndpoint,
      NODE_OPTIONS: '--enable-source-maps',
    };
    const tenantTableArns = [`arn:${this.partition}:dynamodb:${this.region}:${this.account}:table/${tablePrefix}tenant-*`];
    // The IAM side of OperationDefinition.resources.
    const grant = (fn: NodejsFunction, resources: AnyOperation['resources'] = []) => {
      for (const r of resources) {
        if (r === 'tenantTables') fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'], resources: tenantTableArns.flatMap((a) => [a, `${a}/index/*`]) }));
        if (r === 'tableAdmin') fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['dynamodb:CreateTable', 'dynamodb:DeleteTable', 'dynamodb:DescribeTable', 'dynamodb:UpdateTimeToLive'], resources: tenantTableArns }));
        if (r === 'platformMail') fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['ses:SendEmail'], resources: ['*'], conditions: { StringEquals: { 'ses:FromAddress': mailFrom.valueAsString } } }));
      }
    };

    const ctx: StackContext = {
      table, tablePrefix, environment, api,
      lambda: (fid, entry, opts = {}) => {
        const scope = opts.scope ?? this;
        const fn = new NodejsFunction(scope, fid, {
          entry: path.join(ROOT, entry),
          handler: 'handler',
          runtime: Runtime.NODEJS_22_X,
          architecture: Architecture.ARM_64,
          memorySize: opts.memorySize ?? 512,
          timeout: opts.timeout ?? Duration.seconds(29),
          environment: { ...environment, ...opts.environment },
          logGroup: new LogGroup(scope, `${fid}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
          bundling: { ...lambdaBundling(opts.resources), format: OutputFormat.ESM },
          projectRoot: ROOT,
          depsLockFilePath: path.join(ROOT, 'package-lock.json'),
        });
        table.grantReadWriteData(fn);
        grant(fn, opts.resources);
        return fn;
      },
    };

    // ~7 resources per operation (function, role, policy, log group, integration, route, permission):
    // each domain's operations live in a nested stack so no stack nears CloudFormation's 500 limit.
    for (const op of operations) {
      if (op.localOnly) continue;
      const scope = this.operationsStack(op.tag);
      const fn = ctx.lambda(`Op_${op.operationId}`, operationEntry(op), { scope, resources: operationResources(op) });
      new HttpRoute(scope, `Route_${op.operationId}`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(op.path, op.method as HttpMethod),
        integration: new HttpLambdaIntegration(`Int_${op.operationId}`, fn),
      });
      this.functions.set(op.operationId, fn);
    }

    // Domain constructs (queues, workers, state machines, MCP function URL, console) — one line each.
    mcpServer(this, ctx);
    signupApproval(this, ctx);
    webhooks(this, ctx);
  }
}
