import { ArnFormat, CfnParameter, Duration, type Stack } from 'aws-cdk-lib';
import { HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { workflowArnVariable } from '../../shared/adapters/workflows/sfn-workflows.js';
import { SIGNUP_APPROVAL_MACHINE } from '../../shared/accounts/registration-states.js';
import { readSignupApprovalAsl } from '../../shared/accounts/signup-approval-machine.js';
import type { StackContext } from './stack.js';

/**
 * Signup approval on AWS: the Standard state machine from statemachines/signup-approval.asl.json with
 * its task Lambda, the expiry sweep on EventBridge Scheduler, the console Lambda and its routes.
 * Functions that start or signal the workflow (those declaring the `workflows` resource, the MCP server
 * among them through its tools) get its ARN and least-privilege rights.
 * The ARN is formatted from the fixed name, so no function depends on the machine (no cycle through
 * the definition substitution).
 */
export function signupApproval(stack: Stack & { operationFunction(id: string): NodejsFunction }, ctx: StackContext) {
  const name = `${ctx.tablePrefix}signup-approval`;
  const arn = stack.formatArn({ service: 'states', resource: 'stateMachine', resourceName: name, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
  const variable = workflowArnVariable(SIGNUP_APPROVAL_MACHINE);
  const signal = new PolicyStatement({ effect: Effect.ALLOW, actions: ['states:SendTaskSuccess', 'states:SendTaskFailure'], resources: [arn] });
  const start = new PolicyStatement({ effect: Effect.ALLOW, actions: ['states:StartExecution'], resources: [arn] });

  const task = ctx.lambda('SignupApprovalTask', 'functions/accounts/signup_approval_task.ts', {
    timeout: Duration.seconds(30),
    environment: { [variable]: arn },
    resources: ['platformTable:write'],
  });
  task.addToRolePolicy(signal);

  const machine = new StateMachine(stack, 'SignupApproval', {
    stateMachineName: name,
    stateMachineType: StateMachineType.STANDARD,
    // Inline (not an S3 asset), so the template carries the exact file the local runner executes.
    definitionBody: DefinitionBody.fromString(readSignupApprovalAsl()),
    definitionSubstitutions: { SignupApprovalTaskArn: task.functionArn },
    logs: { destination: new LogGroup(stack, 'SignupApprovalLogs', { retention: RetentionDays.ONE_MONTH }), level: LogLevel.ERROR },
    tracingEnabled: true,
  });
  task.grantInvoke(machine);

  // Every function declaring `workflows` (operations, and the MCP server through the union of its tools).
  ctx.grants.provide('workflows', (fn) => {
    fn.addEnvironment(variable, arn);
    fn.addToRolePolicy(start);
    fn.addToRolePolicy(signal);
  });

  // SVC_ADMIN_EMAILS: accounts with these addresses become platform admins when approved.
  const adminEmails = new CfnParameter(stack, 'AdminEmails', {
    type: 'String',
    default: '',
    description: 'Comma-separated emails that become platform admins on approval (SVC_ADMIN_EMAILS)',
  });
  stack.operationFunction('admin_registrations_approve').addEnvironment('SVC_ADMIN_EMAILS', adminEmails.valueAsString);

  const sweep = ctx.lambda('RegistrationSweep', 'functions/accounts/registration_sweep.ts', {
    timeout: Duration.minutes(5),
    resources: ['platformTable:write'],
  });
  new Schedule(stack, 'RegistrationSweepSchedule', {
    description: 'Deletes pending registrations past their 24 h / 7 day deadline (backstop of the workflow timeouts)',
    schedule: ScheduleExpression.rate(Duration.minutes(15)),
    target: new LambdaInvoke(sweep, { retryAttempts: 2 }),
  });

  const consoleFn = ctx.lambda('Console', 'functions/console/console_page.ts', { memorySize: 256, timeout: Duration.seconds(10) });
  const integration = new HttpLambdaIntegration('Int_Console', consoleFn);
  ctx.api.addRoutes({ path: '/console', methods: [HttpMethod.GET], integration });
  ctx.api.addRoutes({ path: '/console/{proxy+}', methods: [HttpMethod.GET], integration });

  return { machine, task, sweep, console: consoleFn };
}
