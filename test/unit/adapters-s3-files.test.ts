import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { S3FileStore } from '../../shared/platform/adapters/files/s3-files.js';

// S3 is AWS-only: mocked with aws-sdk-client-mock (the local runtime uses the directory store instead).
const s3 = mockClient(S3Client);
beforeEach(() => s3.reset());
const NOW = Date.parse('2026-11-23T12:00:00Z');
const store = new S3FileStore(new S3Client({ region: 'eu-west-1' }), 'files-bucket', () => NOW, 1024);
// What the SDK's stream mixin gives the adapter: the one method it uses.
const body = (b: Buffer) => ({ transformToByteArray: async () => new Uint8Array(b) });

describe('S3FileStore', () => {
  it('puts under <tenantId>/<key> with the content type and the expiry in metadata', async () => {
    s3.on(PutObjectCommand).resolves({});
    await store.put('t1', 'pdf/a.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf', expiresAt: '2026-11-24T12:00:00.000Z' });
    expect(s3.commandCalls(PutObjectCommand)[0].args[0].input).toMatchObject({
      Bucket: 'files-bucket',
      Key: 't1/pdf/a.pdf',
      ContentType: 'application/pdf',
      Metadata: { 'expires-at': '2026-11-24T12:00:00.000Z' },
    });
  });

  it('refuses an unsafe key or tenant and an over-cap file before calling S3', async () => {
    await expect(store.put('t1', '../x', Buffer.from('a'), { contentType: 'text/plain', expiresAt: '2026-11-24T00:00:00Z' })).rejects.toThrow(/bad file key/);
    await expect(store.get('t1/..', 'pdf/a.pdf')).rejects.toThrow(/bad file key/);
    await expect(
      store.put('t1', 'big.bin', Buffer.alloc(2048), { contentType: 'application/octet-stream', expiresAt: '2026-11-24T00:00:00Z' }),
    ).rejects.toThrow(/exceeds/);
    expect(s3.calls()).toHaveLength(0);
  });

  it('reads a live file back, deletes an expired one on read, and answers undefined for a missing one', async () => {
    s3.on(GetObjectCommand, { Key: 't1/pdf/live.pdf' }).resolves({
      Body: body(Buffer.from('%PDF-1.7')),
      ContentType: 'application/pdf',
      Metadata: { 'expires-at': '2026-11-23T13:00:00.000Z' },
    } as never);
    s3.on(GetObjectCommand, { Key: 't1/pdf/old.pdf' }).resolves({
      Body: body(Buffer.from('x')),
      Metadata: { 'expires-at': '2026-11-23T11:00:00.000Z' },
    } as never);
    s3.on(GetObjectCommand, { Key: 't1/pdf/none.pdf' }).rejects(new NoSuchKey({ message: 'no such key', $metadata: {} }));
    s3.on(DeleteObjectCommand).resolves({});
    expect(await store.get('t1', 'pdf/live.pdf')).toEqual({
      bytes: Buffer.from('%PDF-1.7'),
      contentType: 'application/pdf',
      expiresAt: '2026-11-23T13:00:00.000Z',
    });
    expect(await store.get('t1', 'pdf/old.pdf')).toBeUndefined();
    expect(s3.commandCalls(DeleteObjectCommand)[0].args[0].input).toEqual({ Bucket: 'files-bucket', Key: 't1/pdf/old.pdf' });
    expect(await store.get('t1', 'pdf/none.pdf')).toBeUndefined();
  });
});
