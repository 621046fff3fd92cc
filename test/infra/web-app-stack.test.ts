import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATH_PATTERNS } from '../../infra/aws/web-app.js';
import { svcApp } from '../support/svc-app.js';

/** The web app in AWS: a private bucket behind CloudFront (origin access control) and the HTTP API on the same origin. */
let template: Template;

beforeAll(() => {
  ({ template } = svcApp());
}, 300_000);

const only = (type: string) => {
  const all = Object.values(template.findResources(type));
  expect(all).toHaveLength(1);
  return all[0] as { Properties: Record<string, any> };
};

describe('web app distribution', () => {
  it('keeps the bucket private: all public access blocked, TLS only, read by CloudFront through origin access control', () => {
    const buckets = Object.entries(template.findResources('AWS::S3::Bucket')).filter(([id]) => id.startsWith('WebAppBucket'));
    expect(buckets).toHaveLength(1);
    expect(buckets[0][1].Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    only('AWS::CloudFront::OriginAccessControl');
    const policy = Object.values(template.findResources('AWS::S3::BucketPolicy')).find((p: any) =>
      JSON.stringify(p.Properties.Bucket).includes('WebAppBucket'),
    ) as any;
    const statements = policy.Properties.PolicyDocument.Statement;
    expect(statements.some((s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false')).toBe(true);
    const read = statements.find((s: any) => s.Effect === 'Allow');
    expect(read.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(JSON.stringify(read.Condition)).toContain('AWS:SourceArn');
  });

  it('forwards every API path to the HTTP API uncached with all methods, cookies and headers; the rest is the app', () => {
    const dist = only('AWS::CloudFront::Distribution').Properties.DistributionConfig;
    const origins = Object.fromEntries(dist.Origins.map((o: any) => [o.Id, o]));
    expect(dist.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(origins[dist.DefaultCacheBehavior.TargetOriginId].S3OriginConfig).toBeDefined();
    const byPath = Object.fromEntries(dist.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
    for (const p of ['/api/*', '/v1/*', '/mcp', '/u/*', '/t/*', '/console*']) {
      expect(API_PATH_PATTERNS).toContain(p);
      const b = byPath[p];
      expect(b, p).toBeDefined();
      expect(JSON.stringify(origins[b.TargetOriginId].DomainName)).toContain('execute-api');
      expect(b.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
      expect(b.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
      expect(b.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
    }
  });

  it('serves the app with a CSP that allows no inline script and no framing', () => {
    const headers = only('AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp: string = headers.ContentSecurityPolicy.ContentSecurityPolicy;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    // The app frames only its own URLs (a creative's preview, a message's HTML version, each under its own policy).
    expect(csp.split(';').map((d) => d.trim())).toContain("frame-src 'self'");
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
  });

  it('names the distribution as every function’s public origin and serves MCP at /mcp of the HTTP API', () => {
    const fn = template.findResources('AWS::Lambda::Function');
    const mcp = Object.entries(fn).find(([id]) => id.startsWith('McpServer'))![1] as any;
    expect(JSON.stringify(mcp.Properties.Environment.Variables.PUBLIC_BASE_URL)).toContain('WebApp');
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r: any) => r.Properties.RouteKey);
    expect(routes, JSON.stringify(routes)).toContain('ANY /mcp');
  });
});
