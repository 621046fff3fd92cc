/**
 * Synchronous calls to a callable function (`defineCallable`, shared/platform/registry/background.ts):
 * another Lambda invoked and waited for in AWS (shared/platform/adapters/functions/lambda-callables.ts),
 * the declaration's handler in the same process in the embedded runtime (infra/local/callables.ts).
 * Both sides pass the request and the answer as JSON, so what crosses is the same.
 */
export interface Callables {
  /** The callable's answer; throws when it failed (its own error, or the invocation's). */
  call(name: string, request: unknown): Promise<unknown>;
}

/** A callable that threw: its name and its error's message (never the request, which may carry secrets). */
export class CallableFailed extends Error {
  constructor(
    readonly callable: string,
    readonly reason: string,
  ) {
    super(`${callable} failed: ${reason}`);
    this.name = 'CallableFailed';
  }
}
