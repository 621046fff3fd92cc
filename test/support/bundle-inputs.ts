import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import { operationById, operationEntry } from '../../functions/registry.js';
import { operationResources } from '../../shared/platform/registry/operation.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Resources = Parameters<typeof lambdaEsbuildOptions>[1];

/** What reached a bundle's output (a metafile also lists the inputs tree-shaken to nothing): its files, their packages, its size. */
export function shippedInputs(metafile: Metafile) {
  const out = Object.values(metafile.outputs)[0];
  const files = Object.entries(out.inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([p]) => p);
  const packages = new Set(files.flatMap((p) => p.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []));
  return { files, packages, kb: out.bytes / 1024 };
}

/** A Lambda entry (relative to the repository) bundled in memory as deployed, and what it ships. */
export async function bundleInputs(entry: string, resources: Resources) {
  const { metafile } = await build({ ...lambdaEsbuildOptions(path.join(ROOT, entry), resources), write: false, outdir: 'out', metafile: true });
  return shippedInputs(metafile);
}

/** An operation's Lambda bundled as deployed, and what it ships. */
export function operationBundleInputs(operationId: string) {
  const op = operationById.get(operationId)!;
  return bundleInputs(operationEntry(op), operationResources(op));
}
