import { CfnParameter, Duration, type Stack } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { WIPE_QUEUE } from '../../shared/settings/wipe.js';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { StackContext } from './stack.js';

/**
 * Sender mailboxes in AWS: functions granted `tenantMail` log in to tenant SMTP/IMAP servers (real
 * checks take up to ~20 s with their 10 s connect/greeting timeouts, so they get 29 s, the API
 * Gateway limit) and get the OAuth client settings and the tracking CNAME target. No IAM: the
 * traffic is outbound TCP; the mail-host guard refuses private and loopback addresses in Lambda.
 */
export function senders(stack: Stack, ctx: Pick<StackContext, 'grants' | 'lambda'>) {
  const p = (id: string, description: string, secret = false) =>
    new CfnParameter(stack, id, { type: 'String', default: '', noEcho: secret, description }).valueAsString;
  const env: Record<string, string> = {
    OAUTH_GOOGLE_CLIENT_ID: p('OAuthGoogleClientId', 'Google OAuth client id for sender mailboxes (empty = Google OAuth off)'),
    OAUTH_GOOGLE_CLIENT_SECRET: p('OAuthGoogleClientSecret', 'Google OAuth client secret', true),
    OAUTH_MICROSOFT_CLIENT_ID: p('OAuthMicrosoftClientId', 'Microsoft OAuth client id for sender mailboxes (empty = Microsoft OAuth off)'),
    OAUTH_MICROSOFT_CLIENT_SECRET: p('OAuthMicrosoftClientSecret', 'Microsoft OAuth client secret', true),
    TRACKING_CNAME_TARGET: p('TrackingCnameTarget', 'Host that tenant tracking domains CNAME to (empty = track.<public host>)'),
  };
  ctx.grants.provide('tenantMail', (fn) => {
    for (const [k, v] of Object.entries(env)) fn.addEnvironment(k, v);
    (fn.node.defaultChild as CfnFunction).timeout = 29;
  });

  // Workspace wipe: drop + recreate a tenant table (DynamoDB does both asynchronously) behind a queue.
  const dlq = new Queue(stack, 'WorkspaceWipeDlq', { retentionPeriod: Duration.days(14), enforceSSL: true });
  const queue = new Queue(stack, 'WorkspaceWipeQueue', {
    visibilityTimeout: Duration.minutes(6),
    deadLetterQueue: { queue: dlq, maxReceiveCount: 3 },
    enforceSSL: true,
  });
  ctx.grants.provideQueue(WIPE_QUEUE, queue);
  const worker = ctx.lambda('WorkspaceWipeWorker', 'functions/settings/settings_wipe_worker.ts', {
    timeout: Duration.minutes(5),
    resources: ['tableAdmin', 'platformTable:write'],
  });
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 1, reportBatchItemFailures: true }));
}
