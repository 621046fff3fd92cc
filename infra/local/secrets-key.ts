import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SECRETS_KEY_PATTERN } from '../../shared/platform/runtime/config.js';

export const SECRETS_KEY_FILE = 'secrets.key';

export interface LocalSecretsKey {
  key: string;
  /** Absolute path of the key file. */
  file: string;
  /** Made by this call (first start on this DATA_DIR). */
  created: boolean;
  /** Made now next to a database that already held data: secrets stored before were sealed with another key. */
  existingData: boolean;
}

/**
 * SECRETS_KEY of the embedded runtime when the environment sets none: 32 random bytes made on the
 * first start and kept in `DATA_DIR/secrets.key` (mode 0600), so that no usable key ships with the
 * source (anyone holding it could sign click and unsubscribe links and read stored secrets) and
 * secrets stored by one start are readable by the next. The file is written under a temporary name
 * and hard-linked into place: two processes starting on one DATA_DIR (a test and its child runtime)
 * end up with the same key, and a reader never sees half a file.
 */
export function localSecretsKey(dataDir: string): LocalSecretsKey {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, SECRETS_KEY_FILE);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let created = false;
  if (!existsSync(file)) {
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temp, file);
      created = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(temp);
    }
  }
  // A key readable by others is as good as published: tighten it rather than keep using it loose.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = readFileSync(file, 'utf8').trim();
  if (!SECRETS_KEY_PATTERN.test(key) || Buffer.from(key, 'base64').length !== 32)
    throw new Error(
      `${file} does not hold a valid key (32 random bytes in base64). Restore it, or delete it to make a new one (secrets stored with the old key become unreadable), or set SECRETS_KEY.`,
    );
  return { key, file, created, existingData: created && hasFiles(path.join(dir, 'dynamodb')) };
}

function hasFiles(dir: string) {
  try {
    return readdirSync(dir).some((f) => f.endsWith('.db'));
  } catch {
    return false;
  }
}
