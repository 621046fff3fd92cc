import { Duration, type Stack } from 'aws-cdk-lib';
import { HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { StackContext } from './stack.js';

/** The admin console: one Lambda behind GET /console and /console/{proxy+} (it signs in with the admin token). */
export function adminConsole(stack: Stack, ctx: Pick<StackContext, 'lambda' | 'api'>) {
  const fn = ctx.lambda('Console', 'functions/console/console_page.ts', { memorySize: 256, timeout: Duration.seconds(10) });
  const integration = new HttpLambdaIntegration('Int_Console', fn);
  ctx.api.addRoutes({ path: '/console', methods: [HttpMethod.GET], integration });
  ctx.api.addRoutes({ path: '/console/{proxy+}', methods: [HttpMethod.GET], integration });
  return fn;
}
