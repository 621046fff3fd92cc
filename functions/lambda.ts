import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { runOperation } from '../shared/http/pipeline.js';
import type { AnyOperation } from '../shared/registry/operation.js';
import { getDeps, setDepsFactory } from '../shared/runtime/deps.js';
import { awsDeps } from '../shared/runtime/aws-deps.js';

setDepsFactory(() => awsDeps());

/** The Lambda entry of one operation: API Gateway v2 event in, the shared pipeline, response out. */
export function lambdaHandler(op: AnyOperation) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>().handler(async (event) => runOperation(await getDeps(), op, event));
}
