import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/dadata');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/**
 * A stand-in for DaData's suggestions API on 127.0.0.1, replaying recorded answers (test/fixtures/dadata).
 * Like the real one it wants `Authorization: Token <key>` (403 otherwise) and a JSON `{query, count}`.
 */
export async function startDadataStandIn(apiKey: string) {
  const requests: { path: string; authorization?: string; body: any }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req
      .on('data', (c) => (raw += c))
      .on('end', () => {
        let body: any;
        try {
          body = JSON.parse(raw);
        } catch {
          body = undefined;
        }
        requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
        if (req.method !== 'POST' || req.url !== '/suggestions/api/4_1/rs/suggest/party') return res.writeHead(404).end();
        if (req.headers.authorization !== `Token ${apiKey}`)
          return res.writeHead(403, { 'content-type': 'application/json' }).end('{"family":"CLIENT_ERROR","reason":"Forbidden","message":"Not authorized"}');
        if (!body?.query) return res.writeHead(400).end();
        const q = String(body.query).toLowerCase();
        const hit = q.includes('сбер') || q.includes('sber') || q.includes('7707083893');
        const data = JSON.parse(fixture(hit ? 'suggest-party-sberbank.json' : 'suggest-party-empty.json'));
        data.suggestions = data.suggestions.slice(0, body.count ?? 10);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data));
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { baseUrl: `http://127.0.0.1:${port}/suggestions/api/4_1/rs`, requests, stop: () => new Promise<void>((r) => server.close(() => r())) };
}
