import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { SvcStack } from '../../infra/aws/stack.js';

/**
 * The CDK app the infra tests read: SvcStack with Lambda bundling skipped (exercised by `npm run synth`;
 * the Chromium layer asset is staged), otherwise the deployed one, synthesized once, every template
 * read from the cloud assembly (Template.fromStack would synthesize again). Importing and building it
 * costs 15-20 s on a 2-core CI machine, so the files that read it form the vitest project `cdk-app`,
 * run without isolation (vitest.config.ts): each worker builds it once for all of them. Tests only read it.
 */
export interface SvcApp {
  app: App;
  stack: SvcStack;
  /** The parent stack's template. */
  template: Template;
  /** The template of the parent stack or of one of its nested stacks. */
  templateOf(stack: Stack): Template;
  /** The parent stack and every nested operations stack. */
  templates: Template[];
}

let built: SvcApp | undefined;

export function svcApp(): SvcApp {
  if (built) return built;
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new SvcStack(app, 'Test', { env: { account: '123456789012', region: 'eu-west-1' } });
  const assembly = app.synth();
  // The staged layer asset is ~66 MB: do not leave it in TMPDIR.
  process.once('exit', () => rmSync(app.outdir, { recursive: true, force: true }));
  const templates = new Map<Stack, Template>();
  const read = (s: Stack) =>
    s instanceof NestedStack
      ? Template.fromJSON(JSON.parse(readFileSync(path.join(assembly.directory, s.templateFile), 'utf8')))
      : Template.fromJSON(assembly.getStackArtifact(s.artifactId).template);
  const templateOf = (s: Stack) => templates.get(s) ?? (templates.set(s, read(s)), templates.get(s)!);
  const template = templateOf(stack);
  built = { app, stack, template, templateOf, templates: [template, ...[...stack.operationStacks.values()].map(templateOf)] };
  return built;
}
