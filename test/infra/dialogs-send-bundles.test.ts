import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import { operationById, operationEntry } from '../../functions/registry.js';
import { operationResources } from '../../shared/platform/registry/operation.js';
import { dialogSend } from '../../shared/mailing/dialogs/send-worker.js';

/**
 * Issue 25: compose, reply and forward hand the body to the callable dialog_send, which builds the
 * text part (and a forward's quote) with the HTML parser; the three operations' bundles carry neither
 * the parser nor its entity tables (the forward's was the last operation over 250 KB).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

async function shipped(entry: string, resources: Parameters<typeof lambdaEsbuildOptions>[1]) {
  const { metafile } = await build({ ...lambdaEsbuildOptions(path.join(ROOT, entry), resources), write: false, outdir: 'out', metafile: true });
  const out = Object.values(metafile.outputs)[0];
  const files = Object.entries(out.inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([p]) => p);
  return { files, kb: out.bytes / 1024 };
}

describe('the manual sends bundle no HTML parser', () => {
  it.each(['dialogs_forward', 'dialogs_compose', 'DialogsController_reply'])('%s: no entities, html-tree.ts or plain-text.ts, and under 250 KB', async (id) => {
    const op = operationById.get(id)!;
    const { files, kb } = await shipped(operationEntry(op), operationResources(op));
    expect(files.filter((f) => /node_modules\/entities\/|platform\/html\/(html-tree|plain-text)\.ts$/.test(f))).toEqual([]);
    expect(kb).toBeLessThan(250);
  });

  it('dialog_send builds the body: its bundle carries the conversion', async () => {
    const { files } = await shipped('functions/dialogs/dialog_send.ts', dialogSend.resources);
    expect(files).toEqual(expect.arrayContaining([expect.stringMatching(/platform\/html\/plain-text\.ts$/), expect.stringMatching(/send-body\.ts$/)]));
  });
});
