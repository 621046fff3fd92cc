import { AppError } from '../errors.js';
import type { AnyOperation } from '../registry/operation.js';
import type { OperationOutcome } from './pipeline.js';

/**
 * Test-only contract check (config `contractChecks`, env SVC_CONTRACT_CHECKS=1, set by the e2e test
 * runtime): a JSON success answer that its operation's output schema rejects becomes a loud 500 whose
 * zod issues go to stderr, so every e2e suite doubles as the contract test of the output schemas.
 */
export function checkOutput(op: AnyOperation, o: OperationOutcome): OperationOutcome {
  // A 202 from an operation whose success is not 202 is a job form (result to poll), not the output.
  if (o.status === 202 && (op.successStatus ?? 200) !== 202) return o;
  if (
    !op.output ||
    o.status >= 300 ||
    o.body === null ||
    o.body === undefined ||
    ((typeof o.body === 'string' || Buffer.isBuffer(o.body)) && o.headers['content-type'])
  )
    return o;
  const parsed = op.output.safeParse(o.body);
  if (parsed.success) return o;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  process.stderr.write(`[output contract] ${op.operationId} answered ${o.status} with a body its output schema rejects:\n  ${issues.join('\n  ')}\n`);
  throw new AppError(500, { statusCode: 500, message: `Output of ${op.operationId} does not match its output schema`, issues });
}
