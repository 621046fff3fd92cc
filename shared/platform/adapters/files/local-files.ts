import { mkdir, readFile, readdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { isSafeFileKey, type FileStore, type StoredFile } from '../../ports/files.js';

/**
 * The local file store: `<root>/<tenantId>/<key>` plus `<key>.meta.json` (content type, expiry).
 * Writes go to a temp name then rename, so a reader never sees half a file. Expired files are removed
 * on read and by `sweepExpired` (the PDF worker runs it periodically). `maxBytes` caps one file.
 */
export class LocalFileStore implements FileStore {
  constructor(
    readonly root: string,
    readonly now: () => number = Date.now,
    readonly maxBytes = 10 * 1024 * 1024,
  ) {}

  private file(tenantId: string, key: string) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenantId) || !isSafeFileKey(key)) throw new Error('bad file key');
    return path.join(this.root, tenantId, key);
  }

  async put(tenantId: string, key: string, bytes: Buffer, meta: { contentType: string; expiresAt: string }) {
    if (bytes.length > this.maxBytes) throw new Error(`file exceeds ${this.maxBytes} bytes`);
    const f = this.file(tenantId, key);
    await mkdir(path.dirname(f), { recursive: true });
    await writeFile(`${f}.meta.json`, JSON.stringify(meta));
    await writeFile(`${f}.part`, bytes);
    await rename(`${f}.part`, f);
  }

  async get(tenantId: string, key: string): Promise<StoredFile | undefined> {
    const f = this.file(tenantId, key);
    try {
      const meta = JSON.parse(await readFile(`${f}.meta.json`, 'utf8')) as { contentType: string; expiresAt: string };
      if (Date.parse(meta.expiresAt) <= this.now()) {
        await this.delete(tenantId, key);
        return undefined;
      }
      return { bytes: await readFile(f), ...meta };
    } catch {
      return undefined;
    }
  }

  async delete(tenantId: string, key: string) {
    const f = this.file(tenantId, key);
    await rm(f, { force: true });
    await rm(`${f}.meta.json`, { force: true });
  }

  /** Removes expired files of every tenant (bounded: at most `limit` files looked at per call). */
  async sweepExpired(limit = 5000): Promise<number> {
    let seen = 0;
    let removed = 0;
    const walk = async (dir: string, depth: number): Promise<void> => {
      if (depth > 5) return;
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (++seen > limit) return;
        const p = path.join(dir, e.name);
        if (e.isDirectory()) await walk(p, depth + 1);
        else if (e.name.endsWith('.meta.json')) {
          const meta = JSON.parse(await readFile(p, 'utf8').catch(() => '{}')) as { expiresAt?: string };
          if (meta.expiresAt && Date.parse(meta.expiresAt) <= this.now()) {
            await rm(p.slice(0, -'.meta.json'.length), { force: true });
            await rm(p, { force: true });
            removed++;
          }
        }
      }
    };
    if (await stat(this.root).catch(() => undefined)) await walk(this.root, 0);
    return removed;
  }
}
