// CDK assertions for the signup-approval machine as infra/aws/background.ts derives it from shared/workspace/accounts/background.ts (bundling skipped; the template is the deployed one).
import { readFileSync } from 'node:fs';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SvcStack } from '../../infra/aws/stack.js';
import { SIGNUP_APPROVAL_ASL } from '../../shared/workspace/accounts/signup-approval-machine.js';

let stack: SvcStack;
let template: Template;

beforeAll(() => {
  // Resource limits are the stack layout's concern (operations sit in nested stacks); lifted here.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], '@aws-cdk/core:stackResourceLimit': 0 } });
  stack = new SvcStack(app, 'SignupTest', { env: { account: '123456789012', region: 'eu-west-1' } });
  template = Template.fromStack(stack);
});

// Operations live in nested stacks (one per tag): read each function in its own template.
const templates = new Map<Stack, Template>();
const templateOf = (s: Stack) => templates.get(s) ?? (templates.set(s, Template.fromStack(s)), templates.get(s)!);
const fnOf = (operationId: string) => {
  const fn = stack.functions.get(operationId)!;
  const owner = Stack.of(fn);
  const t = templateOf(owner);
  const id = owner.getLogicalId(fn.node.defaultChild as never);
  const resource = t.findResources('AWS::Lambda::Function')[id];
  const role = resource.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(t.findResources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
    .map((p) => JSON.stringify(p.Properties.PolicyDocument))
    .join('\n');
  return { resource, policies };
};
const allRoutes = () =>
  [stack, ...stack.operationStacks.values()].flatMap((s) =>
    Object.values(templateOf(s).findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey as string),
  );

describe('signup approval on AWS', () => {
  it('deploys the ASL file as a Standard state machine with the task Lambda substituted', () => {
    const machines = template.findResources('AWS::StepFunctions::StateMachine');
    const [sm] = Object.values(machines).filter((m) => m.Properties.StateMachineName === 'svc-prod-signup-approval');
    expect(sm.Properties.StateMachineType).toBe('STANDARD');
    expect(sm.Properties.DefinitionString).toBe(readFileSync(SIGNUP_APPROVAL_ASL, 'utf8'));
    expect(Object.keys(sm.Properties.DefinitionSubstitutions)).toEqual(['SignupApprovalTaskArn']);
  });

  it('runs the expiry sweep on EventBridge Scheduler every 15 minutes', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(15 minutes)', Target: Match.objectLike({ Arn: Match.anyValue() }) });
  });

  it('serves the console from its own Lambda on GET /console and /console/{proxy+}', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(routes).toEqual(expect.arrayContaining(['GET /console', 'GET /console/{proxy+}']));
  });

  it('gives the workflow ARN and StartExecution/SendTask* only to the functions that need them', () => {
    for (const op of ['v1_signup', 'v1_signup_confirm', 'v1_signup_accept_terms', 'admin_registrations_approve', 'admin_registrations_reject']) {
      const fn = fnOf(op);
      expect(fn.resource.Properties.Environment.Variables.SFN_ARN_SIGNUP_APPROVAL, op).toBeDefined();
      expect(fn.policies, op).toContain('states:StartExecution');
    }
    expect(fnOf('admin_tenants_list').policies).not.toContain('states:');
    expect(fnOf('admin_registrations_approve').resource.Properties.Environment.Variables.SVC_ADMIN_EMAILS).toBeDefined();
  });

  it('admin operations are deployed as routes under /admin/api', () => {
    expect(allRoutes()).toEqual(
      expect.arrayContaining([
        'GET /admin/api/registrations',
        'POST /admin/api/registrations/{id}/approve',
        'POST /admin/api/registrations/{id}/reject',
        'GET /admin/api/tenants',
        'POST /admin/api/tenants/{id}/credit',
        'GET /admin/api/tenants/{id}/questionnaire',
        'GET /v1/signup/confirm',
        'GET /v1/signup/accept-terms',
      ]),
    );
  });
});
