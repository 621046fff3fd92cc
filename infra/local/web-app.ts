import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { APP_BASE, APP_SECURITY_HEADERS, CACHE_HASHED, CACHE_HTML, CACHE_OTHER } from '../../web/security-headers.js';
import type { LocalRoute } from './router.js';

/** The built web app (`npm run build:web`; `npm start` and the test setup build it when stale). */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const TEXT = /^(text\/|application\/json|image\/svg)/;

/**
 * The web app at /app, as CloudFront serves it from S3 when deployed: files of web/dist with the app's
 * security headers; hashed files cached for good, index.html revalidated; any other path under /app
 * (a client route) gets index.html, except under /app/assets/ where a missing file is a 404 (a stale
 * chunk must fail as such, not load HTML as a script).
 */
export function webAppRoute(dist = WEB_DIST): LocalRoute {
  return { method: '*', path: `${APP_BASE}/*`, routeKey: `GET ${APP_BASE}/{proxy+}`, maxBodyBytes: 0, handler: (event) => serveWebApp(event, dist) };
}

export async function serveWebApp(event: APIGatewayProxyEventV2, distDir: string): Promise<APIGatewayProxyStructuredResultV2> {
  const dist = path.resolve(distDir);
  const method = event.requestContext?.http?.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return plain(405, 'Method not allowed', { allow: 'GET, HEAD' });
  const rel = decodeURIComponentSafe((event.rawPath ?? APP_BASE).slice(APP_BASE.length));
  const file = rel === undefined ? undefined : path.resolve(dist, `.${path.posix.normalize(`/${rel}`)}`);
  if (!file || (file !== dist && !file.startsWith(dist + path.sep))) return plain(404, 'Not found');
  const isAsset = rel!.startsWith('/assets/');
  let target = (await isFile(file)) && !rel!.startsWith('/.vite') ? file : undefined;
  if (!target && !isAsset) target = path.join(dist, 'index.html');
  if (!target || !(await isFile(target))) {
    if (!isAsset && !(await isFile(path.join(dist, 'index.html'))))
      return plain(503, 'The web app is not built yet: run `npm run build:web` (npm start builds it).');
    return plain(404, 'Not found');
  }
  const ext = path.extname(target);
  const type = TYPES[ext] ?? 'application/octet-stream';
  const cache = target.endsWith('index.html') ? CACHE_HTML : isAsset ? CACHE_HASHED : CACHE_OTHER;
  const body = await readFile(target);
  const headers = { ...APP_SECURITY_HEADERS, 'content-type': type, 'cache-control': cache };
  if (method === 'HEAD') return { statusCode: 200, headers: { ...headers, 'content-length': String(body.length) } };
  return TEXT.test(type)
    ? { statusCode: 200, headers, body: body.toString('utf8') }
    : { statusCode: 200, headers, body: body.toString('base64'), isBase64Encoded: true };
}

async function isFile(p: string) {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

const plain = (statusCode: number, message: string, extra: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { ...APP_SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra },
  body: message,
});
