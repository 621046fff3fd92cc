import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Table, AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Grants } from '../../infra/aws/grants.js';
import { ACKNOWLEDGED_FINDINGS, SvcNagChecks } from '../../infra/aws/nag.js';
import { SvcStack } from '../../infra/aws/stack.js';

/**
 * IAM derived from `resources`, checked on the synthesized templates, with cdk-nag's AwsSolutions pack
 * as a validation plugin: app.synth() throws on any finding not acknowledged (with its reason) in
 * infra/aws/nag.ts.
 */
let stack: SvcStack;
let assemblyDir: string;
const templates = new Map<Stack, Record<string, any>>();
let synthError: unknown;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new SvcStack(app, 'NagTest', { env: { account: '123456789012', region: 'eu-west-1' } });
  Validations.of(app).addPlugins(new SvcNagChecks(app));
  try {
    assemblyDir = app.synth().directory;
  } catch (e) {
    synthError = e;
  }
});

const templateOf = (s: Stack) => {
  if (!templates.has(s)) templates.set(s, JSON.parse(readFileSync(path.join(assemblyDir, s.templateFile), 'utf8')));
  return templates.get(s)!;
};
/** The function's resource and the statements of every policy attached to its role. */
function grantsOf(operationId: string) {
  const fn = stack.operationFunction(operationId);
  const t = templateOf(Stack.of(fn));
  const resource = t.Resources[Stack.of(fn).getLogicalId(fn.node.defaultChild as never)];
  const role = resource.Properties.Role['Fn::GetAtt'][0];
  const statements = Object.values(t.Resources as Record<string, any>)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[]);
  return { env: resource.Properties.Environment.Variables as Record<string, unknown>, statements };
}
const actions = (s: { Action: string | string[] }) => [s.Action].flat();
const onPlatformTable = (s: { Resource: unknown }) => JSON.stringify(s.Resource).includes('PlatformTable') && !JSON.stringify(s.Resource).includes('tenant-');
const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe('least privilege derived from the registry', () => {
  it('synthesizes with cdk-nag (AwsSolutions) and no unacknowledged finding; every acknowledgement has a reason', () => {
    expect(synthError).toBeUndefined();
    for (const a of ACKNOWLEDGED_FINDINGS) expect(a.reason.length).toBeGreaterThan(40);
  });

  it('accepts the tenant-table grant as the offline `npm run synth` names it too (no env: region and account are tokens)', () => {
    const offline = 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/svc-prod-tenant-*]';
    expect(ACKNOWLEDGED_FINDINGS.some((a) => a.id.test(offline))).toBe(true);
  });

  it("gives a public operation's role no write on the platform table, and no queue", () => {
    const { statements, env } = grantsOf('agent_guide_get');
    expect(statements.filter(onPlatformTable).flatMap(actions)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    expect(
      statements
        .filter(onPlatformTable)
        .flatMap(actions)
        .filter((a) => WRITES.includes(a)),
    ).toEqual([]);
    expect(statements.flatMap(actions).some((a) => a.startsWith('sqs:'))).toBe(false);
    expect(Object.keys(env)).not.toContain('QUEUE_URL_WEBHOOKS');
    expect(statements.flatMap(actions)).not.toContain('dynamodb:Scan');
  });

  it('grants Scan to the data migrations function alone (declared tableScan), on the tables and no index', () => {
    const t = templateOf(stack);
    const scanning = Object.values(t.Resources as Record<string, any>).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        (r.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).some((s) => actions(s).includes('dynamodb:Scan')),
    );
    expect(scanning.map((p) => JSON.stringify(p.Properties.Roles))).toEqual([expect.stringContaining('DataMigrations')]);
    const statement = (scanning[0].Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).find((s) =>
      actions(s).includes('dynamodb:Scan'),
    )!;
    expect(actions(statement)).toEqual(['dynamodb:Scan']);
    expect(JSON.stringify(statement.Resource)).not.toContain('/index/');
  });

  it('lets a request-counting operation write rate counters only (by leading key), and a declared writer write', () => {
    const counters = grantsOf('companies_get').statements.filter((s) => onPlatformTable(s) && actions(s).some((a) => WRITES.includes(a)));
    expect(counters).toHaveLength(1);
    expect(counters[0].Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } });
    const writer = grantsOf('auth_login').statements.filter((s) => onPlatformTable(s) && actions(s).includes('dynamodb:PutItem'));
    expect(writer.some((s) => s.Condition === undefined)).toBe(true);
  });

  it('grants SendMessage and QUEUE_URL_WEBHOOKS only to functions declaring queue:webhooks', () => {
    expect(Object.keys(grantsOf('leads_create').env)).toContain('QUEUE_URL_WEBHOOKS');
    expect(grantsOf('leads_create').statements.flatMap(actions)).toContain('sqs:SendMessage');
    expect(Object.keys(grantsOf('companies_get').env)).not.toContain('QUEUE_URL_WEBHOOKS');
    expect(
      grantsOf('companies_get')
        .statements.flatMap(actions)
        .some((a) => a.startsWith('sqs:')),
    ).toBe(false);
  });

  it('lets an operation that starts the crawl machine start that machine only: no other machine, no task-token signals', () => {
    const { statements, env } = grantsOf('site_enrichment_tasks_create');
    const states = statements.filter((s) => actions(s).some((a) => a.startsWith('states:')));
    expect(states.flatMap(actions)).toEqual(['states:StartExecution']);
    expect(states.map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringContaining('stateMachine:svc-prod-site-enrichment')]);
    expect(Object.keys(env).filter((k) => k.startsWith('SFN_ARN_'))).toEqual(['SFN_ARN_SITE_ENRICHMENT']);
    // A starter of the signup machine (it waits on task tokens) may also answer them, on that machine only.
    const signup = grantsOf('v1_signup_confirm').statements.filter((s) => actions(s).some((a) => a.startsWith('states:')));
    expect(signup.flatMap(actions).sort()).toEqual(['states:SendTaskFailure', 'states:SendTaskSuccess', 'states:StartExecution']);
    expect(signup.map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringContaining('stateMachine:svc-prod-signup-approval')]);
    expect(
      grantsOf('companies_get')
        .statements.flatMap(actions)
        .some((a) => a.startsWith('states:')),
    ).toBe(false);
  });

  it('has no default SecretsKey: a deploy needs one, and the pattern admits only 32 bytes of base64', () => {
    const param = templateOf(stack).Parameters.SecretsKey;
    expect(param.Default).toBeUndefined();
    expect(param.NoEcho).toBe(true);
    const pattern = new RegExp(param.AllowedPattern);
    expect(pattern.test(Buffer.alloc(32, 7).toString('base64'))).toBe(true);
    expect(pattern.test('CHANGE-ME-32-byte-base64-key-for-secrets-at-rest=')).toBe(false); // the old default: 36 bytes
    expect(pattern.test(Buffer.alloc(33, 7).toString('base64'))).toBe(false);
  });

  it('fails synth for an unknown operation id or a resource nobody provides', () => {
    expect(() => stack.operationFunction('no_such_operation')).toThrow(/no deployed operation no_such_operation/);
    const s = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Bare');
    const table = new Table(s, 'T', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    const grants = new Grants(table, ['arn:aws:dynamodb:eu-west-1:1:table/x-tenant-*'], 'a@b.c');
    const fn = new NodejsFunction(s, 'F', { entry: path.resolve('functions/identity/v1_health.ts'), runtime: Runtime.NODEJS_22_X });
    grants.apply(fn, ['queue:nonexistent']);
    expect(() => grants.finish()).toThrow(/declares resource queue:nonexistent, which no construct in infra\/aws provides/);
  });
});
