import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import type { SvcStack } from '../../infra/aws/stack.js';
import { operationById } from '../../functions/registry.js';
import { mailboxProbe } from '../../shared/mailing/senders/background.js';
import { operationResources } from '../../shared/platform/registry/operation.js';
import { svcApp, type SvcApp } from '../support/svc-app.js';
import { actions, grantsOf as grantsIn, invokesOf } from '../support/stack-grants.js';

// The mailbox probe on AWS: its own Lambda (the callable `mailbox_probe`), invoked by the operations that
// check a mailbox and by nobody else, on that function alone; it bundles the SMTP, IMAP and SPF libraries
// so that those operations do not.
let stack: SvcStack;
let templateOf: SvcApp['templateOf'];
beforeAll(() => {
  ({ stack, templateOf } = svcApp());
}, 300_000);

const grantsOf = (fn: LambdaFunction) => grantsIn(templateOf, fn);
const invokes = (fn: LambdaFunction) => invokesOf(templateOf, fn);

const probeFunction = () => stack.node.findChild('MailboxProbe') as LambdaFunction;
const CALLERS = [
  'EmailAccountsController_create',
  'EmailAccountsController_update',
  'EmailAccountsController_testConnection',
  'EmailAccountsController_importOauth',
  'EmailAccountsController_oauthCallback',
  'EmailAccountsController_checkDns',
  'SettingsController_testInboxCheckConnection',
];

describe('the mailbox probe on AWS', () => {
  it('is its own Lambda (functions/senders/mailbox_probe.ts) with 29 s, and may write no table, invoke nothing, send nothing', () => {
    const { resource, statements } = grantsOf(probeFunction());
    expect(resource.Properties.Timeout).toBe(29);
    expect(resource.Properties.Handler).toBe('index.handler');
    const all = statements.flatMap(actions);
    expect(
      all.filter((a) => !['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'].includes(a)),
    ).toEqual([]);
    expect(JSON.stringify(statements)).not.toContain('tenant-');
  });

  it('is invoked by the mailbox-checking operations only, with lambda:InvokeFunction on the probe alone and its name as FUNCTION_NAME_MAILBOX_PROBE', () => {
    for (const id of CALLERS) {
      const fn = stack.operationFunction(id);
      const lambda = invokes(fn);
      expect(lambda.flatMap(actions), id).toEqual(['lambda:InvokeFunction']);
      // Nested stacks reference the probe's ARN through a parameter named after it; never a wildcard, never a version.
      expect(JSON.stringify(lambda[0].Resource), id).toMatch(/MailboxProbe[A-Za-z0-9]*Arn/);
      expect(JSON.stringify(lambda[0].Resource), id).not.toContain('*');
      expect(Object.keys(grantsOf(fn).env), id).toContain('FUNCTION_NAME_MAILBOX_PROBE');
    }
    for (const [id, fn] of stack.functions) {
      if (CALLERS.includes(id)) continue;
      // Others may invoke their own callables (dialog_send, content_rules: their own stack tests), never the probe.
      expect(
        invokes(fn).filter((s) => /MailboxProbe/.test(JSON.stringify(s.Resource))),
        id,
      ).toEqual([]);
      expect(Object.keys(grantsOf(fn).env), id).not.toContain('FUNCTION_NAME_MAILBOX_PROBE');
    }
  });

  it('bundles nodemailer, imapflow and mailauth; the operations that call it bundle none of them', { timeout: 180_000 }, async () => {
    const packagesOf = async (entry: string, resources: Parameters<typeof lambdaEsbuildOptions>[1]) => {
      const { metafile } = await build({ ...lambdaEsbuildOptions(entry, resources), write: false, metafile: true });
      const inputs = Object.values(metafile.outputs)[0].inputs;
      const shipped = Object.entries(inputs).filter(([, i]) => i.bytesInOutput > 0);
      return new Set(shipped.flatMap(([p]) => p.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []));
    };
    const probe = await packagesOf('functions/senders/mailbox_probe.ts', mailboxProbe.resources);
    for (const p of ['nodemailer', 'imapflow', 'mailauth']) expect(probe.has(p), p).toBe(true);
    for (const id of ['EmailAccountsController_create', 'EmailAccountsController_checkDns', 'SettingsController_testInboxCheckConnection']) {
      const op = operationById.get(id)!;
      const packages = await packagesOf(`functions/${op.tag}/${id}.ts`, operationResources(op));
      for (const p of ['nodemailer', 'imapflow', 'mailauth', 'iconv-lite']) expect(packages.has(p), `${id} ${p}`).toBe(false);
    }
  });
});
