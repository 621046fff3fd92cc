/** AWS wiring of a deployed function, all set by the CDK stack from each function's declared resources. */
export interface AwsConfig {
  region: string;
  /** AWS_ENDPOINT_URL_<SERVICE> / AWS_ENDPOINT_URL (DynamoDB Local, LocalStack). */
  endpoints: { dynamodb?: string; sqs?: string; sfn?: string };
  /** PLATFORM_TABLE (default: `${tablePrefix}platform`). */
  platformTable?: string;
  /** FILES_BUCKET: the tenant file bucket (set on functions that declare `files`); absent = no file store. */
  filesBucket?: string;
  /** QUEUE_URL_<NAME>: the queues this function may send to, by logical name (lower case). */
  queueUrls: Record<string, string>;
  /** SFN_ARN_<MACHINE>: the state machines this function may start or signal. */
  workflowArns: Record<string, string>;
  /** FUNCTION_NAME_<NAME>: the callable functions (defineCallable) this function may invoke. */
  functionNames: Record<string, string>;
}

export const awsConfig = (env: NodeJS.ProcessEnv): AwsConfig => ({
  region: env.AWS_REGION ?? 'us-east-1',
  endpoints: {
    dynamodb: env.AWS_ENDPOINT_URL_DYNAMODB ?? env.AWS_ENDPOINT_URL,
    sqs: env.AWS_ENDPOINT_URL_SQS ?? env.AWS_ENDPOINT_URL,
    sfn: env.AWS_ENDPOINT_URL_SFN ?? env.AWS_ENDPOINT_URL,
  },
  platformTable: env.PLATFORM_TABLE || undefined,
  filesBucket: env.FILES_BUCKET || undefined,
  queueUrls: byPrefix(env, 'QUEUE_URL_'),
  workflowArns: byPrefix(env, 'SFN_ARN_'),
  functionNames: byPrefix(env, 'FUNCTION_NAME_'),
});

/** `PREFIX_NAME=value` variables as {name: value} (names lower-cased, `_` as in the variable). */
function byPrefix(env: NodeJS.ProcessEnv, prefix: string) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith(prefix) && v) out[k.slice(prefix.length).toLowerCase()] = v;
  return out;
}
