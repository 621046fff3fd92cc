import '../../shared/platform/runtime/quiet-warnings.js';
import { startLocalRuntime } from '../../infra/local/runtime.js';

/**
 * The embedded runtime as a child process (crash tests kill it with SIGKILL and start another on the
 * same tables): DYNAMO_ENDPOINT is the run's shared DynamoDB Local; without it the child runs its own
 * under DATA_DIR, as `npm start` does (it dies with the child; DYNAMO_JIT=throughput as `npm start`; DYNAMO_IN_MEMORY=1
 * keeps its data in memory, as the benches do).
 * Prints `{"url":..., "dynamo":...}` once listening.
 */
const rt = await startLocalRuntime({
  port: 0,
  dynamoEndpoint: process.env.DYNAMO_ENDPOINT,
  ...(process.env.DYNAMO_JIT === 'throughput' ? { dynamoJit: 'throughput' as const } : {}),
  ...(process.env.DYNAMO_IN_MEMORY === '1' ? { dynamoInMemory: true } : {}),
});
process.stdout.write(`${JSON.stringify({ url: rt.url, dynamo: rt.dynamo?.endpoint ?? process.env.DYNAMO_ENDPOINT })}\n`);
process.on('SIGTERM', () => void rt.stop().finally(() => process.exit(0)));
