import { readFile } from 'node:fs/promises';
import type { DiscoveryData } from './discovery-data.js';

/** The build's discovery data, beside a Lambda's bundle (see discovery-data.ts); kept apart so every bundle can carry the reader without the registry code. */
export const DISCOVERY_DATA_FILE = 'discovery-data.json';

/** Reads the build's JSON beside the module at `moduleUrl` (a Lambda's bundle) on first use, then keeps it. */
export function discoveryDataBeside(moduleUrl: string): () => Promise<DiscoveryData> {
  let data: Promise<DiscoveryData> | undefined;
  return () =>
    (data ??= readFile(new URL(`./${DISCOVERY_DATA_FILE}`, moduleUrl), 'utf8').then(
      (text) => JSON.parse(text) as DiscoveryData,
      (err: NodeJS.ErrnoException) => {
        data = undefined;
        throw new Error(`${DISCOVERY_DATA_FILE} is not beside this function's bundle (built without the discoveryData resource?): ${err.code}`);
      },
    ));
}
