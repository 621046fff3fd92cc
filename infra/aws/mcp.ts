import { CfnOutput, Duration, type Stack } from 'aws-cdk-lib';
import { FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { operations } from '../../functions/registry.js';
import { operationResources } from '../../shared/registry/operation.js';
import { isMcpTool } from '../../shared/mcp/tools.js';
import type { Grantable } from './grants.js';
import type { StackContext } from './stack.js';

/** Functions that publish the MCP address (agent card, agent guide) get it as MCP_URL. */
const PUBLISHERS = ['discovery_agent_card', 'agent_guide_get'];

/**
 * The MCP server: its own Lambda behind a function URL (auth NONE: the tools authenticate every call
 * with the same bearer key / session rules as the HTTP API). It runs every exposed operation, so it
 * gets the union of their resources.
 */
export function mcpServer(stack: Stack & { operationFunction(id: string): NodejsFunction }, ctx: Pick<StackContext, 'lambda'>) {
  const tools = operations.filter((op) => isMcpTool(op, 'aws'));
  // The MCP server runs each tool through the pipeline, rate counters included.
  const resources = new Set<Grantable>([...tools.flatMap(operationResources), 'rateCounters']);
  const fn = ctx.lambda('McpServer', 'functions/mcp/mcp.ts', { timeout: Duration.seconds(60), memorySize: 1024, resources: [...resources] });
  const url = fn.addFunctionUrl({ authType: FunctionUrlAuthType.NONE, invokeMode: InvokeMode.BUFFERED });
  const mcpUrl = `${url.url}mcp`;
  for (const id of PUBLISHERS) stack.operationFunction(id).addEnvironment('MCP_URL', mcpUrl);
  new CfnOutput(stack, 'McpUrl', { value: mcpUrl, description: 'MCP server (stateless Streamable HTTP)' });
  return { fn, url };
}
