import { describe, expect, it } from 'vitest';
import { DIALOG_SEND, sendThroughMailbox } from '../../shared/mailing/dialogs/send-call.js';
import type { FileStore, StoredFile } from '../../shared/platform/ports/files.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import type { CompanyProfile } from '../../shared/workspace/settings/settings.js';

// The operations' side of the callable dialog_send: what crosses is the message and references to
// staged attachments (a synchronous Lambda invocation takes 6 MB, a forward carries 10 MB), never a
// login, and the staged copies are gone once the call answered or failed.
function fakeDeps(answer: (request: any) => unknown) {
  const files = new Map<string, StoredFile>();
  const store: FileStore = {
    async put(t, k, bytes, meta) {
      files.set(`${t}/${k}`, { bytes, ...meta });
    },
    async get(t, k) {
      return files.get(`${t}/${k}`);
    },
    async delete(t, k) {
      files.delete(`${t}/${k}`);
    },
  };
  const calls: { name: string; request: any; stagedDuringCall: string[] }[] = [];
  const deps = {
    clock: { now: () => Date.parse('2026-11-27T12:00:00Z') },
    files: store,
    callables: {
      async call(name: string, request: unknown) {
        calls.push({ name, request: JSON.parse(JSON.stringify(request)), stagedDuringCall: [...files.keys()] });
        return answer(request);
      },
    },
  } as unknown as Deps;
  return { deps, files, calls };
}

const request = {
  tenantId: 't1',
  accountId: 'acc1',
  message: {
    tenantId: 't1',
    taskId: 'dlg1',
    contactId: 'none',
    messageId: '<abc.dlg1@example.com>',
    profile: { physicalAddress: '1 Main St', companyName: 'Acme' } as CompanyProfile,
    rendered: { subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' },
    to: { address: 'to@example.org' },
    from: { address: 'me@example.com', name: 'Me' },
  },
};
const attachment = { filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') };

describe('dialog_send, the caller side', () => {
  it('passes the attachments as staged file references with their checksums, no bytes and no login, and removes the copies after the answer', async () => {
    const accepted = { outcome: 'accepted', code: 250, response: '250 OK', messageId: request.message.messageId };
    const { deps, files, calls } = fakeDeps(() => accepted);
    expect(await sendThroughMailbox(deps, request, [attachment])).toEqual(accepted);
    expect(calls).toHaveLength(1);
    const [{ name, request: sent, stagedDuringCall }] = calls;
    expect(name).toBe(DIALOG_SEND);
    expect(sent.attachments).toEqual([
      { filename: 'a.pdf', contentType: 'application/pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), fileKey: expect.stringMatching(/^mail-out\//) },
    ]);
    expect(stagedDuringCall).toEqual([`t1/${sent.attachments[0].fileKey}`]);
    expect(JSON.stringify(sent)).not.toMatch(/pass|token|secret|contentBase64/i);
    expect(files.size).toBe(0);
  });

  it('removes the staged copies when the call fails, and passes the failure on', async () => {
    const { deps, files } = fakeDeps(() => {
      throw new Error('dialog_send failed: boom');
    });
    await expect(sendThroughMailbox(deps, request, [attachment])).rejects.toThrow('boom');
    expect(files.size).toBe(0);
  });
});
