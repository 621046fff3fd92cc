import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';

/**
 * AwsSolutions findings this design accepts, each with its reason. Matched against the finding id
 * (`Rule[finding]`) by pattern because the ids embed logical ids and nested-stack parameter names.
 * Everything else cdk-nag reports fails `npm run synth` (infra/aws/app.ts) and test/infra/least-privilege.test.ts.
 */
export const ACKNOWLEDGED_FINDINGS: { id: RegExp; reason: string }[] = [
  {
    id: /^AwsSolutions-APIG4$/,
    reason:
      'Authorization runs in the application: every route resolves its bearer key or session in the one pipeline (shared/platform/http/pipeline.ts), public routes are public by the spec.',
  },
  {
    id: /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
    reason: 'The Lambda basic execution role only allows CreateLogGroup/CreateLogStream/PutLogEvents; each function has its own retained log group.',
  },
  {
    id: /^AwsSolutions-IAM5\[Resource::.*\/index\/\*\]$/,
    reason: "The global secondary indexes of a table the function is already granted (gsi1..gsi3); index names are the table's, not other resources.",
  },
  {
    // Region and account are concrete with an env, tokens (<AWS::Region>, <AWS::AccountId>) in the offline `npm run synth`.
    id: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:dynamodb:(<AWS::Region>|[^:]+):(<AWS::AccountId>|[^:]+):table\/svc-[^/]+-tenant-\*\]$/,
    reason: 'One table per tenant, created at runtime (tenant provisioning): names are unknown at deploy time; the grant is confined to this stage prefix.',
  },
  {
    id: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    reason: 'ses:SendEmail takes identity ARNs chosen at runtime; the statement is confined by the ses:FromAddress condition to the platform sender.',
  },
  {
    id: /^AwsSolutions-IAM5\[Resource::<[A-Za-z0-9]+\.Arn>:\*\]$/,
    reason: "CDK grantInvoke lets the state machine invoke its task Lambda and that function's versions/aliases (ARN suffix); nothing else.",
  },
  {
    id: /^AwsSolutions-IAM5\[Resource::<(TenantFiles[A-Za-z0-9]*\.Arn|referenceto[A-Za-z0-9]*TenantFiles[A-Za-z0-9]*Arn)>\/\*\]$/,
    reason: 'Objects of the tenant file bucket, keyed <tenantId>/… at runtime; Get/Put/DeleteObject only, no bucket-level action.',
  },
  {
    id: /^AwsSolutions-L1$/,
    reason: 'Lambdas are pinned to Node 22, the runtime the code and tests are built for (docs/developing.md); moving runtime is a deliberate upgrade.',
  },
  {
    id: /^AwsSolutions-S1$/,
    reason:
      'The tenant file bucket holds short-lived generated files (PDFs, 2-day lifecycle) read and written only by the service Lambdas through IAM; no public or cross-account access to log.',
  },
  {
    id: /^AwsSolutions-CFR1$/,
    reason: 'The web app is a B2B product used worldwide; restricting countries at the CDN is a tenant policy question, not a default.',
  },
  {
    id: /^AwsSolutions-CFR2$/,
    reason:
      'No WAF web ACL by default (a fixed monthly cost per distribution): API Gateway stage throttling and the per-key, per-address and per-route rate limits in the pipeline bound abuse; a WAF can be attached per deployment.',
  },
  {
    id: /^AwsSolutions-CFR3$/,
    reason:
      'Every request that reaches the API is in the HTTP API access log and in the function logs; the rest is the static, public build of the web app. CloudFront standard logs would need an ACL-enabled bucket for no added signal.',
  },
  {
    id: /^AwsSolutions-CFR4$/,
    reason:
      'The default *.cloudfront.net certificate, on which CloudFront keeps TLSv1 whatever the policy; minimumProtocolVersion is TLSv1.2_2021 and applies as soon as a custom domain with its ACM certificate is attached.',
  },
  {
    id: /^AwsSolutions-IAM5\[(Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*|Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*|Resource::<WebAppBucket[A-Za-z0-9]*\.Arn>\/\*)\]$/,
    reason:
      "CDK's BucketDeployment copies the web app's build from the CDK assets bucket into the web app bucket: its role holds CDK's read/write action groups on those two buckets' objects only.",
  },
  {
    id: /^AwsSolutions-SF1$/,
    reason: 'Execution payloads carry registration emails (personal data): the state machine logs ERROR events only.',
  },
];

/** The AwsSolutions pack plus the acknowledged findings above (cdk-nag v3 matches acknowledgements by exact id only). */
export class SvcNagChecks extends AwsSolutionsChecks {
  constructor(scope?: IConstruct) {
    super(scope, { verbose: true });
    const self = this as unknown as { isAcknowledged(resource: IConstruct, ruleId: string): boolean };
    const exact = self.isAcknowledged.bind(this);
    self.isAcknowledged = (resource, ruleId) => exact(resource, ruleId) || ACKNOWLEDGED_FINDINGS.some((a) => a.id.test(ruleId));
  }
}
