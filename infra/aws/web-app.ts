import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, DockerImage, Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { APP_CSP } from '../../web/security-headers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Paths the HTTP API answers; everything else is the web app's static build from S3. One origin for
 * both, so the session cookie stays first-party and the app's fetches are same-origin (no CORS).
 */
export const API_PATH_PATTERNS = ['/api/*', '/v1/*', '/mcp', '/u/*', '/t/*', '/console*', '/admin/*', '/tasks/*', '/openapi.json', '/.well-known/*'];

/** Built into `<out>/app/…` (the bucket keys mirror the URL paths), by the project's own Vite build, offline. */
function webAppAsset() {
  return Source.asset(ROOT, {
    exclude: ['*', '!web', '!web/**', '!package.json'],
    bundling: {
      image: DockerImage.fromRegistry('none'),
      local: {
        tryBundle(outputDir: string) {
          const r = spawnSync(
            'npx',
            ['vite', 'build', '--config', path.join(ROOT, 'web/vite.config.ts'), '--outDir', path.join(outputDir, 'app'), '--emptyOutDir'],
            {
              cwd: ROOT,
              stdio: 'inherit',
            },
          );
          return r.status === 0 && existsSync(path.join(outputDir, 'app', 'index.html'));
        },
      },
    },
  });
}

/**
 * `/app/<route>` without a file extension is a client-side route: answer index.html (the SPA shell);
 * `/` goes to `/app/`. Runs at the edge on viewer requests to the bucket only.
 */
const SPA_REWRITE = `function handler(event) {
  var r = event.request;
  if (r.uri === '/' || r.uri === '/app') return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: '/app/' } } };
  if (r.uri.indexOf('/app/') === 0 && r.uri.split('/').pop().indexOf('.') < 0) r.uri = '/app/index.html';
  return r;
}`;

/**
 * The tenant web app in AWS: a private bucket read by CloudFront through origin access control, and
 * the HTTP API behind the same distribution. Returns the distribution's https origin, which becomes
 * every function's PUBLIC_BASE_URL (links in mails, the Origin check of cookie requests).
 */
export function webApp(stack: Stack, api: HttpApi) {
  const bucket = new Bucket(stack, 'WebAppBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const security = new ResponseHeadersPolicy(stack, 'WebAppHeaders', {
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: APP_CSP, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
    },
  });
  const apiOrigin = new HttpOrigin(`${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY });
  const toApi: BehaviorOptions = {
    origin: apiOrigin,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    cachePolicy: CachePolicy.CACHING_DISABLED,
    // Cookies, Origin, Authorization, X-Tenant-Id, Idempotency-Key and the query reach the API as sent.
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
  };
  const distribution = new Distribution(stack, 'WebApp', {
    comment: 'svc: web app (S3) and API (HTTP API) on one origin',
    minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
    defaultBehavior: {
      origin: S3BucketOrigin.withOriginAccessControl(bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: security,
      functionAssociations: [
        {
          eventType: FunctionEventType.VIEWER_REQUEST,
          function: new CloudFrontFunction(stack, 'WebAppRoutes', { code: FunctionCode.fromInline(SPA_REWRITE) }),
        },
      ],
    },
    additionalBehaviors: Object.fromEntries(API_PATH_PATTERNS.map((p) => [p, toApi])),
  });
  const asset = webAppAsset();
  // Hashed assets never change under their name; the shell must be re-read on every load to pick up a deploy.
  new BucketDeployment(stack, 'WebAppAssets', {
    sources: [asset],
    destinationBucket: bucket,
    exclude: ['app/index.html'],
    cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    prune: false,
  });
  new BucketDeployment(stack, 'WebAppShell', {
    sources: [asset],
    destinationBucket: bucket,
    exclude: ['*'],
    include: ['app/index.html'],
    cacheControl: [CacheControl.noCache()],
    prune: false,
    distribution,
    distributionPaths: ['/app/*'],
  });
  const origin = `https://${distribution.distributionDomainName}`;
  new CfnOutput(stack, 'WebAppUrl', { value: `${origin}/app/`, description: 'The web app (and the API on the same origin)' });
  return { bucket, distribution, origin };
}
