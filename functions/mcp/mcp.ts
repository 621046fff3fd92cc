import '../../shared/runtime/polyfills.js';
import { createMcpHandler } from '../../shared/mcp/handler.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { operations } from '../registry.js';

setDepsFactory(() => awsDeps());

/**
 * The MCP server's Lambda (behind its own function URL in AWS, at `/mcp` in the local runtime): every
 * registry operation as a tool `svc_<operationId>`, run through the same pipeline as HTTP.
 */
export const handler = createMcpHandler({ deps: getDeps, operations: () => operations });
