// Platform mail adapters: SES v2 (mocked with aws-sdk-client-mock: SES is AWS-only), SMTP against a
// real smtp-server on 127.0.0.1 (parsed with mailparser), the adapter choice, and the local outbox
// route (local runtime only, 404 when deployed). Also the SFN workflows adapter (mocked: AWS-only).
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { SFNClient, SendTaskSuccessCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation as outboxOp } from '../../functions/local/local_outbox_list.js';
import { SesPlatformMailer, sesPlatformMailerFor } from '../../shared/platform/adapters/mail/ses-mailer.js';
import { SmtpPlatformMailer } from '../../shared/platform/adapters/mail/smtp-mailer.js';
import { LocalOutboxMailer } from '../../shared/platform/adapters/mail/local-outbox.js';
import { localPlatformMailer } from '../../shared/platform/adapters/mail/platform-mailer.js';
import { SfnWorkflows, workflowArnVariable } from '../../shared/platform/adapters/workflows/sfn-workflows.js';
import { confirmEmailMessage, acceptTermsMessage } from '../../shared/workspace/accounts/mail.js';
import { executeOperation } from '../../shared/platform/http/pipeline.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import { TaskTokenGone } from '../../shared/platform/ports/workflows.js';
import { client, freshAddress, startTestRuntime } from '../support/runtime.js';

process.env.LIMIT_V1_RATE = 'off';

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => (received.push(m), cb()), cb);
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

const waitForMail = async (to: string, subject = '') => {
  for (let i = 0; i < 100; i++) {
    const m = received.find((x) => (x.to as { text: string } | undefined)?.text.includes(to) && (x.subject ?? '').startsWith(subject));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
};

describe('SES v2 platform mailer (aws-sdk-client-mock)', () => {
  it('sends text and html with the configured sender', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const mailer = new SesPlatformMailer('no-reply@svc.example', new SESv2Client({ region: 'eu-west-1' }));
    await mailer.send(confirmEmailMessage('user@example.com', 'https://svc.example/v1/signup/confirm?token=abc'));
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0].args[0].input;
    expect(input.FromEmailAddress).toBe('no-reply@svc.example');
    expect(input.Destination?.ToAddresses).toEqual(['user@example.com']);
    expect(input.Content?.Simple?.Subject?.Data).toBe('Confirm your email address');
    expect(input.Content?.Simple?.Body?.Text?.Data).toContain('https://svc.example/v1/signup/confirm?token=abc');
    expect(input.Content?.Simple?.Body?.Html?.Data).toContain('href="https://svc.example/v1/signup/confirm?token=abc"');
    ses.restore();
  });

  it('propagates SES failures (the caller decides), never swallowing them', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('not verified'), { name: 'MessageRejected' }));
    const mailer = new SesPlatformMailer('no-reply@svc.example', new SESv2Client({ region: 'eu-west-1' }));
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toMatchObject({ name: 'MessageRejected' });
    ses.restore();
  });
});

describe('SMTP platform mailer (smtp-server on 127.0.0.1)', () => {
  it('delivers text and html parts; html escapes and links the URL', async () => {
    const mailer = new SmtpPlatformMailer(smtpUrl, 'Svc <no-reply@svc.example>');
    await mailer.send(acceptTermsMessage('terms@example.com', 'http://127.0.0.1/v1/signup/accept-terms?token=t&x=<y>', 'http://127.0.0.1/terms'));
    const m = await waitForMail('terms@example.com');
    expect(m.subject).toBe('Accept the terms to finish your registration');
    expect(m.from?.text).toContain('no-reply@svc.example');
    expect(m.text).toContain('accept-terms?token=t&x=<y>');
    expect(m.html).toContain('accept-terms?token=t&amp;x=&lt;y&gt;');
    expect(m.html).not.toContain('<y>');
  });

  it('is chosen locally when PLATFORM_SMTP_URL is set, else the outbox; deployed, SES only (a relay set there fails at start)', async () => {
    const local = new LocalOutboxMailer(undefined as never, undefined as never);
    expect(localPlatformMailer(configFromEnv({ SVC_RUNTIME: 'local', PLATFORM_SMTP_URL: smtpUrl }), local)).toBeInstanceOf(SmtpPlatformMailer);
    expect(localPlatformMailer(configFromEnv({ SVC_RUNTIME: 'local' }), local)).toBe(local);
    const deployed = { SECRETS_KEY: 'x'.repeat(43) + '=' };
    expect(sesPlatformMailerFor(configFromEnv(deployed))).toBeInstanceOf(SesPlatformMailer);
    expect(() => sesPlatformMailerFor(configFromEnv({ ...deployed, PLATFORM_SMTP_URL: smtpUrl }))).toThrow(
      /PLATFORM_SMTP_URL is set, but deployed functions send platform mail through SES only/,
    );
  });

  it('end to end: with PLATFORM_SMTP_URL the runtime mails the confirmation link over SMTP and it works', async () => {
    const rt = await startTestRuntime({ env: { TRUST_PROXY: 'true', PLATFORM_SMTP_URL: smtpUrl } });
    try {
      const http = client(rt.url);
      const email = `smtp-${Date.now()}@example.com`;
      const r = await http.post(
        '/v1/signup',
        { email, full_account: true, password: 'a-long-pass-phrase', firstName: 'Sam' },
        { 'x-forwarded-for': freshAddress() },
      );
      expect(r.status).toBe(201);
      const m = await waitForMail(email);
      expect(m.subject).toBe('Confirm your email address');
      expect(m.html).toContain('Confirm my address');
      const url = new URL(/(http:\/\/\S+\/v1\/signup\/confirm\?token=\S+)/.exec(m.text!)![1]);
      const confirmed = await http.get(url.pathname + url.search);
      expect(confirmed.body.state).toBe('awaiting_agreement');
      const terms = await waitForMail(email, 'Accept the terms');
      expect(terms.html).toContain('I accept the terms');
    } finally {
      await rt.stop();
    }
  });
});

describe('GET /_local/outbox', () => {
  it('answers in the local runtime and is 404 when deployed', async () => {
    const rt = await startTestRuntime();
    try {
      const local = await client(rt.url).get('/_local/outbox');
      expect(local.status).toBe(200);
      expect(Array.isArray(local.body.data)).toBe(true);
      const deployed = { ...rt.deps, config: { ...rt.deps.config, mode: 'aws' as const } };
      const event = {
        version: '2.0',
        routeKey: 'GET /_local/outbox',
        rawPath: '/_local/outbox',
        rawQueryString: '',
        headers: {},
        requestContext: {
          http: { method: 'GET', path: '/_local/outbox', sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 't' },
          requestId: 'r1',
          routeKey: 'GET /_local/outbox',
          stage: '$default',
          time: '',
          timeEpoch: 0,
          accountId: 'a',
          apiId: 'a',
          domainName: 'x',
          domainPrefix: 'x',
        },
        isBase64Encoded: false,
      };
      const out = await executeOperation(deployed, outboxOp, event as never);
      expect(out.status).toBe(404);
    } finally {
      await rt.stop();
    }
  });
});

describe('SFN workflows adapter (aws-sdk-client-mock)', () => {
  it('starts executions by logical name and signals task tokens; a finished token is TaskTokenGone', async () => {
    const sfn = mockClient(SFNClient);
    sfn.on(StartExecutionCommand).resolves({ executionArn: 'arn:exec' });
    sfn.on(SendTaskSuccessCommand, { taskToken: 'old' }).rejects(Object.assign(new Error('timed out'), { name: 'TaskTimedOut' }));
    sfn.on(SendTaskSuccessCommand, { taskToken: 'live' }).resolves({});
    const env = { [workflowArnVariable('signup-approval')]: 'arn:aws:states:eu-west-1:1:stateMachine:svc-prod-signup-approval' };
    expect(workflowArnVariable('signup-approval')).toBe('SFN_ARN_SIGNUP_APPROVAL');
    const wf = new SfnWorkflows((m) => env[workflowArnVariable(m)], new SFNClient({ region: 'eu-west-1' }));
    await wf.start('signup-approval', 'acc-1-abcd', { accountId: 'acc-1', state: 'awaiting_email_confirm' });
    const start = sfn.commandCalls(StartExecutionCommand)[0].args[0].input;
    expect(start).toEqual({
      stateMachineArn: env.SFN_ARN_SIGNUP_APPROVAL,
      name: 'acc-1-abcd',
      input: JSON.stringify({ accountId: 'acc-1', state: 'awaiting_email_confirm' }),
    });
    await wf.sendTaskSuccess('live', { accountId: 'acc-1', state: 'awaiting_agreement' });
    expect(sfn.commandCalls(SendTaskSuccessCommand)[0].args[0].input.output).toBe(JSON.stringify({ accountId: 'acc-1', state: 'awaiting_agreement' }));
    await expect(wf.sendTaskSuccess('old', {})).rejects.toBeInstanceOf(TaskTokenGone);
    await expect(wf.start('unknown-machine', 'x', {})).rejects.toThrow(/SFN_ARN_UNKNOWN_MACHINE/);
    sfn.restore();
  });
});
