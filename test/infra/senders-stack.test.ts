import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { mailboxProbe } from '../../shared/mailing/senders/background.js';
import { actions, stackUnderTest } from '../support/stack-grants.js';
import { bundleInputs, operationBundleInputs } from '../support/bundle-inputs.js';

// The mailbox probe on AWS: its own Lambda (the callable `mailbox_probe`), invoked by the operations that
// check a mailbox and by nobody else, on that function alone; it bundles the SMTP, IMAP and SPF libraries
// so that those operations do not.
const { stack: stackOf, grantsOf, invokes } = stackUnderTest();

const probeFunction = () => stackOf().node.findChild('MailboxProbe') as LambdaFunction;
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
      const fn = stackOf().operationFunction(id);
      const lambda = invokes(fn);
      expect(lambda.flatMap(actions), id).toEqual(['lambda:InvokeFunction']);
      // Nested stacks reference the probe's ARN through a parameter named after it; never a wildcard, never a version.
      expect(JSON.stringify(lambda[0].Resource), id).toMatch(/MailboxProbe[A-Za-z0-9]*Arn/);
      expect(JSON.stringify(lambda[0].Resource), id).not.toContain('*');
      expect(Object.keys(grantsOf(fn).env), id).toContain('FUNCTION_NAME_MAILBOX_PROBE');
    }
    for (const [id, fn] of stackOf().functions) {
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
    const probe = (await bundleInputs('functions/senders/mailbox_probe.ts', mailboxProbe.resources)).packages;
    for (const p of ['nodemailer', 'imapflow', 'mailauth']) expect(probe.has(p), p).toBe(true);
    for (const id of ['EmailAccountsController_create', 'EmailAccountsController_checkDns', 'SettingsController_testInboxCheckConnection']) {
      const { packages } = await operationBundleInputs(id);
      for (const p of ['nodemailer', 'imapflow', 'mailauth', 'iconv-lite']) expect(packages.has(p), `${id} ${p}`).toBe(false);
    }
  });
});
