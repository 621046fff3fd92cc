import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Many virtual web sites on one loopback port, routed by the Host header (pair it with the DNS test
 * server pointing every name at 127.0.0.1). `hits` counts requests per `host path`.
 */
export type SiteHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface SiteFarm {
  port: number;
  hits: Map<string, number>;
  url(host: string): string;
  stop(): Promise<void>;
}

export async function startSiteFarm(sites: Record<string, Record<string, SiteHandler | string>>): Promise<SiteFarm> {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const host = String(req.headers.host ?? '')
      .replace(/:\d+$/, '')
      .toLowerCase();
    const path = (req.url ?? '/').split('?')[0];
    hits.set(`${host} ${path}`, (hits.get(`${host} ${path}`) ?? 0) + 1);
    const site = sites[host];
    const page = site?.[path];
    if (page === undefined) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    if (typeof page === 'string') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    page(req, res);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hits,
    url: (host) => `http://${host}:${port}/`,
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

export const page = (title: string, body: string, head = '') => `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
