import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received (signatures are checked over these). */
  raw: Buffer;
  json: any;
  answered: number;
}

/** A webhook receiver on 127.0.0.1 that records every request; `status` is what it answers (changeable). */
export async function startWebhookReceiver(opts: { status?: number } = {}) {
  const received: ReceivedHook[] = [];
  const state = { status: opts.status ?? 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = undefined;
      }
      received.push({ path: req.url ?? '', headers: req.headers, raw, json, answered: state.status });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    state,
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** Polls `probe` until it returns a truthy value (bounded in count and time). */
export async function waitFor<T>(probe: () => Promise<T> | T, what: string, timeoutMs = 15_000, everyMs = 50): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (let i = 0; Date.now() < until && i < 10_000; i++) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
