import { App } from 'aws-cdk-lib';
import { SvcStack } from './stack.js';

/** `npx cdk synth` / `npx cdk deploy`: works offline with no credentials (account/region are tokens). */
const app = new App();
new SvcStack(app, 'Svc', {
  stage: app.node.tryGetContext('stage') ?? 'prod',
  env: process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION } : undefined,
});
