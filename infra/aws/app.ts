import { App, Validations } from 'aws-cdk-lib';
import { SvcNagChecks } from './nag.js';
import { SvcStack } from './stack.js';

/**
 * `npx cdk synth` / `npx cdk deploy`: works offline with no credentials (account/region are tokens).
 * cdk-nag's AwsSolutions pack runs in the synth itself: a finding not accepted with its reason in
 * infra/aws/nag.ts fails it (test/infra/least-privilege.test.ts runs the same plugin).
 */
const app = new App();
Validations.of(app).addPlugins(new SvcNagChecks(app));
new SvcStack(app, 'Svc', {
  stage: app.node.tryGetContext('stage') ?? 'prod',
  env: process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION } : undefined,
});
