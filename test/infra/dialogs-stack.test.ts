import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import type { SvcStack } from '../../infra/aws/stack.js';
import { operationById } from '../../functions/registry.js';
import { dialogSend } from '../../shared/mailing/dialogs/send-worker.js';
import { operationResources } from '../../shared/platform/registry/operation.js';
import { svcApp, type SvcApp } from '../support/svc-app.js';
import { actions, grantsOf as grantsIn, invokesOf } from '../support/stack-grants.js';

// Manual sends on AWS: the SMTP transaction is its own Lambda (the callable `dialog_send`), invoked and
// waited for by compose, reply and forward and by nobody else, on that function alone; it bundles the
// SMTP transport so that those operations do not, and only it gets the tenant mail settings.
let stack: SvcStack;
let templateOf: SvcApp['templateOf'];
beforeAll(() => {
  ({ stack, templateOf } = svcApp());
}, 300_000);

const grantsOf = (fn: LambdaFunction) => grantsIn(templateOf, fn);
const invokes = (fn: LambdaFunction) => invokesOf(templateOf, fn);

const sendFunction = () => stack.node.findChild('DialogSend') as LambdaFunction;
const CALLERS = ['dialogs_compose', 'DialogsController_reply', 'dialogs_forward'];

describe('manual dialog sends on AWS', () => {
  it('dialog_send is its own Lambda (functions/dialogs/dialog_send.ts) with 29 s, the OAuth settings and the files bucket, and invokes nothing', () => {
    const { resource, env, statements } = grantsOf(sendFunction());
    expect(resource.Properties.Timeout).toBe(29);
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['OAUTH_GOOGLE_CLIENT_ID', 'OAUTH_MICROSOFT_CLIENT_ID', 'FILES_BUCKET']));
    const all = statements.flatMap(actions);
    expect(all.filter((a) => a.startsWith('lambda:') || a.startsWith('sqs:') || a.startsWith('ses:') || a.startsWith('states:'))).toEqual([]);
  });

  it('is invoked by compose, reply and forward only, on that function alone; they no longer get the tenant mail settings', () => {
    for (const id of CALLERS) {
      const fn = stack.operationFunction(id);
      const lambda = invokes(fn);
      expect(lambda.flatMap(actions), id).toEqual(['lambda:InvokeFunction']);
      expect(JSON.stringify(lambda[0].Resource), id).toMatch(/DialogSend[A-Za-z0-9]*Arn/);
      expect(JSON.stringify(lambda[0].Resource), id).not.toContain('*');
      const env = Object.keys(grantsOf(fn).env);
      expect(env, id).toContain('FUNCTION_NAME_DIALOG_SEND');
      expect(
        env.filter((k) => k.startsWith('OAUTH_')),
        id,
      ).toEqual([]);
    }
    for (const [id, fn] of stack.functions) {
      if (CALLERS.includes(id)) continue;
      expect(Object.keys(grantsOf(fn).env), id).not.toContain('FUNCTION_NAME_DIALOG_SEND');
    }
  });

  it('bundles nodemailer; compose, reply and forward bundle neither nodemailer nor the HTML parser of link tracking', { timeout: 180_000 }, async () => {
    const packagesOf = async (entry: string, resources: Parameters<typeof lambdaEsbuildOptions>[1]) => {
      const { metafile } = await build({ ...lambdaEsbuildOptions(entry, resources), write: false, metafile: true });
      const inputs = Object.values(metafile.outputs)[0].inputs;
      const shipped = Object.entries(inputs).filter(([, i]) => i.bytesInOutput > 0);
      return new Set(shipped.flatMap(([p]) => p.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []));
    };
    expect((await packagesOf('functions/dialogs/dialog_send.ts', dialogSend.resources)).has('nodemailer')).toBe(true);
    for (const id of CALLERS) {
      const op = operationById.get(id)!;
      const packages = await packagesOf(`functions/${op.tag}/${id}.ts`, operationResources(op));
      for (const p of ['nodemailer', 'cheerio', 'dom-serializer', 'htmlparser2']) expect(packages.has(p), `${id} ${p}`).toBe(false);
    }
  });
});
