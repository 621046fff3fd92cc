import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { AssetHashType, CfnOutput, DockerImage, Duration, type Stack } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Code, FunctionUrlAuthType, InvokeMode, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { operations } from '../../functions/registry.js';
import { operationResources, type AwsResource } from '../../shared/platform/registry/operation.js';
import { isMcpTool } from '../../shared/platform/mcp/tools.js';
import type { Grantable } from './grants.js';
import type { StackContext } from './stack.js';

/** The AWS resources of the MCP function: the union of its tools' (it runs every exposed operation). */
export function mcpResources(): AwsResource[] {
  return [...new Set(operations.filter((op) => isMcpTool(op, 'aws')).flatMap(operationResources))];
}

/**
 * The MCP server: its own Lambda behind a function URL (auth NONE: the tools authenticate every call
 * with the same bearer key / session rules as the HTTP API). It runs every exposed operation, so it
 * gets the union of their resources.
 */
export function mcpServer(stack: Stack & { operationFunction(id: string): LambdaFunction }, ctx: Pick<StackContext, 'lambda'>, api: HttpApi) {
  // The MCP server runs each tool through the pipeline, rate counters included.
  const resources: Grantable[] = [...mcpResources(), 'rateCounters'];
  const fn = ctx.lambda('McpServer', 'functions/mcp/mcp.ts', { timeout: Duration.seconds(60), memorySize: 1024, resources, code: mcpCode() });
  const url = fn.addFunctionUrl({ authType: FunctionUrlAuthType.NONE, invokeMode: InvokeMode.BUFFERED });
  const mcpUrl = `${url.url}mcp`;
  // Also at /mcp of the HTTP API, so the web app's origin (CloudFront → HTTP API) serves it beside /api.
  new HttpRoute(stack, 'Route_mcp', {
    httpApi: api,
    routeKey: HttpRouteKey.with('/mcp', HttpMethod.ANY),
    integration: new HttpLambdaIntegration('Int_mcp', fn),
  });
  // The card and the agent guide publish `${PUBLIC_BASE_URL}/mcp` (the web app's origin); the function URL stays for direct use.
  new CfnOutput(stack, 'McpUrl', { value: mcpUrl, description: 'MCP server (stateless Streamable HTTP), also at /mcp of the web app origin' });
  return { fn, url };
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The function's code: the code-split build of infra/aws/mcp-bundle.ts (a cold start reads the MCP
 * server, each tool's operation is a chunk read at its first call), which CDK's NodejsFunction cannot
 * emit (it bundles to one file). Built locally like every other function; no Docker fallback (the
 * image is never pulled: a failing build fails synth).
 */
export function mcpCode() {
  return Code.fromAsset(ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('dummy'),
      local: {
        tryBundle(outputDir) {
          execFileSync(process.execPath, ['--import', 'tsx', 'infra/aws/mcp-bundle.ts', outputDir], {
            cwd: ROOT,
            stdio: ['ignore', process.stderr, 'inherit'],
          });
          return true;
        },
      },
    },
  });
}
