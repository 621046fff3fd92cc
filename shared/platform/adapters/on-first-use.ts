/**
 * A module (or anything async) loaded on the first call and shared by every later one. The adapters of
 * AWS services other than DynamoDB load their `@aws-sdk/client-*` module through it: every Lambda's
 * deps name them, most operations never call them, and importing an SDK client at a cold start costs
 * tens of milliseconds of CPU each. A failed load is not cached, so the next call tries again.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((e: unknown) => {
      loaded = undefined;
      throw e;
    }));
}
