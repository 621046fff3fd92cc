import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../functions/registry.js';
import type { SvcStack } from '../../infra/aws/stack.js';
import { svcApp } from '../support/svc-app.js';

const deployable = operations.filter((op) => !op.localOnly);
let stack: SvcStack;
let template: Template;
/** The parent stack and every nested operations stack. */
let templates: Template[];
const allResources = (type: string): Record<string, any> => Object.assign({}, ...templates.map((t) => t.findResources(type)));

beforeAll(() => {
  // Bundling is skipped (it is exercised by `npm run synth`); the template is otherwise the deployed one.
  ({ stack, template, templates } = svcApp());
}, 300_000);

describe('CDK app', () => {
  it('has one HTTP API route per deployable operation', () => {
    const routes = Object.values(allResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey as string);
    for (const op of deployable)
      expect(
        routes.filter((k) => k === `${op.method} ${op.path}`),
        op.operationId,
      ).toHaveLength(1);
    expect(routes.some((k) => k.includes('/_local'))).toBe(false);
  });

  it('has one Lambda function per deployable operation, on Node 22', () => {
    expect(stack.functions.size).toBe(deployable.length);
    const fns = allResources('AWS::Lambda::Function');
    for (const fn of stack.functions.values()) {
      const id = fn.stack.getLogicalId(fn.node.defaultChild as never);
      expect(fns[id]?.Properties.Runtime, id).toBe('nodejs22.x');
    }
  });

  it('creates the platform table with the shared key schema, GSIs and TTL', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      GlobalSecondaryIndexes: Match.arrayWith([
        Match.objectLike({ IndexName: 'gsi1' }),
        Match.objectLike({ IndexName: 'gsi2' }),
        Match.objectLike({ IndexName: 'gsi3' }),
      ]),
    });
  });

  it("keeps every stack under CloudFormation's 500-resource limit", () => {
    for (const t of templates) expect(Object.keys(t.toJSON().Resources).length).toBeLessThan(500);
  });

  it('throttles the signup route at the edge (2/s, burst 10)', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      RouteSettings: { 'POST /v1/signup': { ThrottlingRateLimit: 2, ThrottlingBurstLimit: 10 } },
    });
  });

  it('keeps logs for a bounded time', () => {
    const groups = Object.values(allResources('AWS::Logs::LogGroup'));
    expect(groups.length).toBeGreaterThanOrEqual(deployable.length);
    for (const g of groups) expect(g.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  it('grants tenant tables only to tenant operations (least privilege)', () => {
    const policies = Object.values(allResources('AWS::IAM::Policy'));
    const tenantGrant = (p: { [key: string]: any }) => JSON.stringify(p.Properties.PolicyDocument).includes('tenant-*');
    const signupFn = stack.functions.get('v1_signup')!;
    const signupRole = signupFn.stack.getLogicalId(signupFn.role!.node.defaultChild as never);
    const signupPolicies = policies.filter((p) => JSON.stringify(p.Properties.Roles).includes(signupRole));
    expect(signupPolicies.length).toBeGreaterThan(0);
    expect(signupPolicies.some(tenantGrant)).toBe(false);
  });
});
