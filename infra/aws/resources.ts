import { CfnParameter, Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import type { StackContext } from './stack.js';

/**
 * The declared resources that are neither a queue nor a state machine (those come with their
 * declarations, infra/aws/background.ts): each is provided once here and reaches exactly the functions
 * that declare it.
 */
export function sharedResources(stack: Stack, ctx: Pick<StackContext, 'grants'>) {
  const p = (id: string, description: string, opts: { secret?: boolean; default?: string } = {}) =>
    new CfnParameter(stack, id, { type: 'String', default: opts.default ?? '', noEcho: opts.secret, description }).valueAsString;

  // `files`: the tenant file bucket (generated PDFs, screenshots under <tenantId>/, expired by a lifecycle
  // rule after 2 days; the app deletes earlier), used through the S3 FileStore (shared/platform/adapters/files/s3-files.ts).
  const bucket = new Bucket(stack, 'TenantFiles', {
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    lifecycleRules: [{ expiration: Duration.days(2) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  ctx.grants.provide('files', (fn) => {
    // Objects only, three actions (grantReadWrite would add s3:*Object* wildcards and bucket listing).
    fn.addToRolePolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [bucket.arnForObjects('*')] }),
    );
    fn.addEnvironment('FILES_BUCKET', bucket.bucketName);
  });

  // `tenantMail`: functions that log in to tenant SMTP/IMAP servers get the OAuth client settings and the
  // tracking CNAME target. No IAM: the traffic is outbound TCP; the mail-host guard refuses private and
  // loopback addresses in Lambda. A real check takes up to ~20 s (10 s connect/greeting timeouts), so an
  // API function gets 29 s, the API Gateway limit; background functions keep their own longer timeout.
  const mailEnv: Record<string, string> = {
    OAUTH_GOOGLE_CLIENT_ID: p('OAuthGoogleClientId', 'Google OAuth client id for sender mailboxes (empty = Google OAuth off)'),
    OAUTH_GOOGLE_CLIENT_SECRET: p('OAuthGoogleClientSecret', 'Google OAuth client secret', { secret: true }),
    OAUTH_MICROSOFT_CLIENT_ID: p('OAuthMicrosoftClientId', 'Microsoft OAuth client id for sender mailboxes (empty = Microsoft OAuth off)'),
    OAUTH_MICROSOFT_CLIENT_SECRET: p('OAuthMicrosoftClientSecret', 'Microsoft OAuth client secret', { secret: true }),
    TRACKING_CNAME_TARGET: p('TrackingCnameTarget', 'Host that tenant tracking domains CNAME to (empty = track.<public host>)'),
  };
  ctx.grants.provide('tenantMail', (fn) => {
    for (const [k, v] of Object.entries(mailEnv)) fn.addEnvironment(k, v);
    const cfn = fn.node.defaultChild as CfnFunction;
    if (typeof cfn.timeout !== 'number' || cfn.timeout < 29) cfn.timeout = 29;
  });

  // `registry`: the company registry lookup (DaData suggestions API).
  const registryUrl = p('RegistryBaseUrl', 'Company registry (DaData suggestions API) base URL', {
    default: 'https://suggestions.dadata.ru/suggestions/api/4_1/rs',
  });
  const registryKey = p('RegistryApiKey', 'DaData API key; empty disables the registry lookup (503)', { secret: true });
  ctx.grants.provide('registry', (fn) => {
    fn.addEnvironment('REGISTRY_BASE_URL', registryUrl);
    fn.addEnvironment('REGISTRY_API_KEY', registryKey);
  });

  // `adminEmails` (SVC_ADMIN_EMAILS): accounts with these addresses become platform admins when approved.
  const adminEmails = p('AdminEmails', 'Comma-separated emails that become platform admins on approval (SVC_ADMIN_EMAILS)');
  ctx.grants.provide('adminEmails', (fn) => fn.addEnvironment('SVC_ADMIN_EMAILS', adminEmails));
  return { bucket };
}
