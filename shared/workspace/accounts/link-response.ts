import { isAppError } from '../../platform/errors.js';
import { respond } from '../../platform/registry/operation.js';
import type { OperationContext } from '../../platform/runtime/context.js';
import { linkPage } from './mail.js';

/** Browsers (Accept: text/html) get a small page; API clients get JSON. Same status either way. */
export const wantsHtml = (ctx: OperationContext) => /text\/html/i.test(ctx.request.headers.accept ?? '');

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

/** Runs a link action; renders its outcome (or its error) as HTML for browsers. */
export async function linkResponse<T>(
  ctx: OperationContext,
  run: () => Promise<T>,
  page: (r: T) => { title: string; lines: string[]; action?: { label: string; url: string } },
) {
  if (!wantsHtml(ctx)) return run();
  try {
    const result = await run();
    const p = page(result);
    return respond(200, linkPage(p.title, p.lines, p.action), HTML_HEADERS);
  } catch (e) {
    if (!isAppError(e) || e.status >= 500) throw e;
    const message = Array.isArray(e.body?.message) ? e.body.message.join('; ') : String(e.body?.message ?? 'This link cannot be used.');
    const title = e.body?.code === 'link_expired' ? 'This link has expired' : e.status === 404 ? 'This link is not valid' : 'This link cannot be used';
    return respond(e.status, linkPage(title, [message]), HTML_HEADERS);
  }
}
