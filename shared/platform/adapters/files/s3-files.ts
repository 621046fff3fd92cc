import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { isSafeFileKey, type FileStore, type StoredFile } from '../../ports/files.js';
import { onFirstUse } from '../on-first-use.js';

/**
 * The file store in AWS: `s3://<FILES_BUCKET>/<tenantId>/<key>`, the expiry in the object's metadata
 * (`expires-at`, checked on read) and a bucket lifecycle rule that removes objects after 2 days
 * (infra/aws/resources.ts), so nothing outlives its expiry by more than the rule's day granularity.
 * The bucket is private (block public access, SSE-S3, TLS only); files are served through the API.
 * The S3 client module is loaded on the first call (onFirstUse); given a client config, the client is built then.
 */
export class S3FileStore implements FileStore {
  private readonly s3 = onFirstUse(async () => {
    const sdk = await import('@aws-sdk/client-s3');
    return { sdk, client: 'send' in this.client ? this.client : new sdk.S3Client(this.client) };
  });

  constructor(
    private readonly client: S3Client | S3ClientConfig,
    readonly bucket: string,
    readonly now: () => number = Date.now,
    readonly maxBytes = 10 * 1024 * 1024,
  ) {}

  private key(tenantId: string, key: string) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenantId) || !isSafeFileKey(key)) throw new Error('bad file key');
    return `${tenantId}/${key}`;
  }

  async put(tenantId: string, key: string, bytes: Buffer, meta: { contentType: string; expiresAt: string }) {
    if (bytes.length > this.maxBytes) throw new Error(`file exceeds ${this.maxBytes} bytes`);
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(tenantId, key),
        Body: bytes,
        ContentType: meta.contentType,
        Metadata: { 'expires-at': meta.expiresAt },
      }),
    );
  }

  async get(tenantId: string, key: string): Promise<StoredFile | undefined> {
    const Key = this.key(tenantId, key);
    const { sdk, client } = await this.s3();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key }));
      const expiresAt = out.Metadata?.['expires-at'] ?? '';
      if (!expiresAt || !(Date.parse(expiresAt) > this.now())) {
        await this.delete(tenantId, key);
        return undefined;
      }
      const bytes = Buffer.from(await out.Body!.transformToByteArray());
      return { bytes, contentType: out.ContentType ?? 'application/octet-stream', expiresAt };
    } catch (e) {
      if (e instanceof sdk.NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return undefined;
      throw e;
    }
  }

  async delete(tenantId: string, key: string) {
    const Key = this.key(tenantId, key);
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key }));
  }
}

export const s3FileStore = (bucket: string, region: string, maxBytes?: number) => new S3FileStore({ region }, bucket, Date.now, maxBytes);
