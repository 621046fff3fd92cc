import { describe, expect, it } from 'vitest';
import { dialogSend } from '../../shared/mailing/dialogs/send-worker.js';
import { bundleInputs, operationBundleInputs } from '../support/bundle-inputs.js';

/**
 * Issue 25: compose, reply and forward hand the body to the callable dialog_send, which builds the
 * text part (and a forward's quote) with the HTML parser; the three operations' bundles carry neither
 * the parser nor its entity tables (the forward's was the last operation over 250 KB).
 */
describe('the manual sends bundle no HTML parser', () => {
  it.each(['dialogs_forward', 'dialogs_compose', 'DialogsController_reply'])('%s: no entities, html-tree.ts or plain-text.ts, and under 250 KB', async (id) => {
    const { files, kb } = await operationBundleInputs(id);
    expect(files.filter((f) => /node_modules\/entities\/|platform\/html\/(html-tree|plain-text)\.ts$/.test(f))).toEqual([]);
    expect(kb).toBeLessThan(250);
  });

  it('dialog_send builds the body: its bundle carries the conversion', async () => {
    const { files } = await bundleInputs('functions/dialogs/dialog_send.ts', dialogSend.resources);
    expect(files).toEqual(expect.arrayContaining([expect.stringMatching(/platform\/html\/plain-text\.ts$/), expect.stringMatching(/send-body\.ts$/)]));
  });
});
