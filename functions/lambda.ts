import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { runOperation } from '../shared/platform/http/pipeline.js';
import type { AnyOperation } from '../shared/platform/registry/operation.js';
import type { Deps } from '../shared/platform/runtime/deps.js';
import { lambdaDeps } from '../infra/aws/runtime/aws-deps.js';

/**
 * The Lambda entry of one operation: API Gateway v2 event in, the shared pipeline, response out. The
 * pipeline already does what middleware would (validation, auth, request-scoped log keys, rate limits,
 * the error family's bodies), the same for the local runtime, so no middleware layer wraps it here.
 */
export function lambdaHandler(op: AnyOperation, deps: () => Promise<Deps> = lambdaDeps) {
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => runOperation(await deps(), op, event);
}
