import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { queueUrlEnvName } from '../../shared/platform/adapters/queue/sqs-queue.js';
import { RATE_COUNTER_PREFIX } from '../../shared/platform/http/resource-guard.js';
import type { AwsResource } from '../../shared/platform/registry/operation.js';

/**
 * A Lambda's grants beyond its declared `resources`: `rateCounters` for functions whose pipeline
 * counts requests (write on the rate-limit partitions only, by key condition).
 */
export type Grantable = AwsResource | 'rateCounters';

const READ = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'];
/** PartiQL's INSERT and UPDATE: `TableStore.writeEach` (BatchExecuteStatement) needs the action of each statement. */
const WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:PartiQLInsert', 'dynamodb:PartiQLUpdate'];

/**
 * The IAM side of `OperationDefinition.resources`, the one place a Lambda gets rights and the
 * environment variables that go with them. Tables, table admin and platform mail are granted at
 * once; queues and other resources (`workflows`, `files`, …) are provided by the domain construct
 * that creates them (`provide`) and wired by `finish()`, which fails synth for a resource nobody
 * provides, so a renamed queue or a typo can never drop a grant silently. No Lambda is granted Scan
 * but one declaring `tableScan` (the data migrations: a table has no index by entity).
 */
export class Grants {
  private readonly declared: { fn: LambdaFunction; resources: Grantable[] }[] = [];
  private readonly providers = new Map<string, (fn: LambdaFunction) => void>();

  constructor(
    private readonly platform: Table,
    private readonly tenantTableArns: string[],
    private readonly mailFrom: string,
  ) {}

  apply(fn: LambdaFunction, resources: readonly Grantable[]) {
    const set = new Set<Grantable>(['platformTable:read', ...resources]);
    const table = this.platform.tableArn;
    fn.addEnvironment('PLATFORM_TABLE', this.platform.tableName);
    fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: READ, resources: [table, `${table}/index/*`] }));
    if (set.has('platformTable:write')) fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: WRITE, resources: [table] }));
    else if (set.has('rateCounters'))
      fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
          resources: [table],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${RATE_COUNTER_PREFIX}*`] } },
        }),
      );
    const tenants = this.tenantTableArns;
    if (set.has('tenantTables'))
      fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: [...READ, ...WRITE], resources: tenants.flatMap((a) => [a, `${a}/index/*`]) }));
    if (set.has('tableScan')) fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['dynamodb:Scan'], resources: [table, ...tenants] }));
    if (set.has('tableAdmin'))
      fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:CreateTable', 'dynamodb:DeleteTable', 'dynamodb:DescribeTable', 'dynamodb:UpdateTimeToLive'],
          resources: tenants,
        }),
      );
    if (set.has('platformMail'))
      fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail'],
          resources: ['*'],
          conditions: { StringEquals: { 'ses:FromAddress': this.mailFrom } },
        }),
      );
    this.declared.push({ fn, resources: [...set] });
  }

  /** A domain construct provides a resource (`queue:<name>` via `provideQueue`, `workflows`, `files`, …). */
  provide(resource: AwsResource, grant: (fn: LambdaFunction) => void) {
    if (this.providers.has(resource)) throw new Error(`${resource} is provided twice`);
    this.providers.set(resource, grant);
  }

  /** `queue:<name>`: SendMessage on that queue and its URL as QUEUE_URL_<NAME>, nothing for anyone else. */
  provideQueue(name: string, queue: IQueue) {
    this.provide(`queue:${name}`, (fn) => {
      fn.addEnvironment(queueUrlEnvName(name), queue.queueUrl);
      queue.grantSendMessages(fn);
    });
  }

  /** Wires provided resources; a declared resource nobody provides fails synth. */
  finish() {
    // `discoveryData` is bundling only (the data beside the bundle, infra/aws/bundling.ts): no right, no environment.
    const builtIn = new Set<Grantable>([
      'platformTable:read',
      'platformTable:write',
      'tableScan',
      'rateCounters',
      'tenantTables',
      'tableAdmin',
      'platformMail',
      'discoveryData',
    ]);
    for (const { fn, resources } of this.declared) {
      for (const r of resources) {
        if (builtIn.has(r)) continue;
        const grant = this.providers.get(r);
        if (!grant) throw new Error(`${fn.node.path} declares resource ${r}, which no construct in infra/aws provides`);
        grant(fn);
      }
    }
  }
}
