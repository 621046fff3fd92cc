import '../../shared/runtime/quiet-warnings.js';
import { startLocalRuntime } from '../../infra/local/runtime.js';

/**
 * The embedded runtime as a child process (crash tests kill it with SIGKILL and start another on the
 * same tables): DYNAMO_ENDPOINT is the run's shared DynamoDB Local; prints `{"url":...}` once listening.
 */
const rt = await startLocalRuntime({ port: 0, dynamoEndpoint: process.env.DYNAMO_ENDPOINT });
process.stdout.write(`${JSON.stringify({ url: rt.url })}\n`);
process.on('SIGTERM', () => void rt.stop().finally(() => process.exit(0)));
