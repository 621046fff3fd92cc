/**
 * Tenant file store (generated PDFs and other short-lived files): the local directory store in the
 * embedded runtime, S3 in AWS. Keys are per tenant; every file has an expiry after which it is gone.
 */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  expiresAt: string;
}

export interface FileStore {
  put(tenantId: string, key: string, bytes: Buffer, meta: { contentType: string; expiresAt: string }): Promise<void>;
  /** undefined when missing or expired. */
  get(tenantId: string, key: string): Promise<StoredFile | undefined>;
  delete(tenantId: string, key: string): Promise<void>;
}

/** Keys are simple relative paths (`pdf/<id>.pdf`): no `..`, no absolute paths, bounded length. */
export const isSafeFileKey = (key: string) =>
  /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_.-]{1,128}){0,3}$/.test(key) && !key.split('/').some((p) => p === '..' || p === '.');
