import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { dialogSend } from '../../shared/mailing/dialogs/send-worker.js';
import { actions, stackUnderTest } from '../support/stack-grants.js';
import { bundleInputs, operationBundleInputs } from '../support/bundle-inputs.js';

// Manual sends on AWS: the SMTP transaction is its own Lambda (the callable `dialog_send`), invoked and
// waited for by compose, reply and forward and by nobody else, on that function alone; it bundles the
// SMTP transport so that those operations do not, and only it gets the tenant mail settings.
const { stack: stackOf, grantsOf, invokes } = stackUnderTest();

const sendFunction = () => stackOf().node.findChild('DialogSend') as LambdaFunction;
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
      const fn = stackOf().operationFunction(id);
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
    for (const [id, fn] of stackOf().functions) {
      if (CALLERS.includes(id)) continue;
      expect(Object.keys(grantsOf(fn).env), id).not.toContain('FUNCTION_NAME_DIALOG_SEND');
    }
  });

  it('bundles nodemailer; compose, reply and forward bundle neither nodemailer nor the HTML parser of link tracking', { timeout: 180_000 }, async () => {
    expect((await bundleInputs('functions/dialogs/dialog_send.ts', dialogSend.resources)).packages.has('nodemailer')).toBe(true);
    for (const id of CALLERS) {
      const { packages } = await operationBundleInputs(id);
      for (const p of ['nodemailer', 'cheerio', 'dom-serializer', 'htmlparser2']) expect(packages.has(p), `${id} ${p}`).toBe(false);
    }
  });
});
