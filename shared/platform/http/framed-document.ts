import * as z from 'zod';
import { respond, type HttpResult } from '../registry/operation.js';
import { withoutRemoteImages } from '../html/remote-images.js';

/**
 * HTML that the web app shows as a document of its own (a creative's rendered preview, one message's
 * HTML version), served from its own URL and framed by the app with `<iframe sandbox src>`. A srcdoc
 * frame would inherit the app's CSP (`style-src 'self'`, no remote images): a styled email would show
 * unstyled. Its own policy lets the HTML look as a recipient's mail client shows it, and nothing more:
 * inline styles (attributes and `<style>`), images from `data:` and `https:` (or only `data:` when remote
 * images are off), no script at all (`script-src 'none'` and the CSP `sandbox` directive, which also
 * holds when the URL is opened outside the frame), no form, no `<base>`, no other fetch; only a page of
 * this origin may frame it; never cached; no referrer leaves with an image request.
 */

/** `images` query of a framed document: `on` loads `https:` images, `off` drops them (only `data:` images stay). */
export const imagesQuery = (byDefault: 'on' | 'off') =>
  z
    .enum(['on', 'off'])
    .default(byDefault)
    .describe(
      `Remote images: on = https: images load (the sender may learn when and from where the document was opened), off = dropped, only data: images show. Default ${byDefault}`,
    );

export { workspaceQuery } from './workspace-query.js';

export function framedDocumentPolicy(remoteImages: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${remoteImages ? ' https:' : ''}`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    'sandbox',
  ].join('; ');
}

/** The policy described in the operations that answer a framed document (OpenAPI and the operation's description). */
export const FRAMED_DOCUMENT_POLICY_TEXT =
  "Answers text/html under its own CSP: default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data: https: (data: only with images=off); " +
  "form-action 'none'; base-uri 'none'; frame-ancestors 'self' (only the app may frame it); sandbox. Also X-Frame-Options SAMEORIGIN, nosniff, Referrer-Policy no-referrer, " +
  'Cache-Control private, no-store.';

export function framedDocument(html: string, opts: { images: 'on' | 'off' }): HttpResult {
  const remoteImages = opts.images === 'on';
  return respond(200, remoteImages ? html : withoutRemoteImages(html), {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': framedDocumentPolicy(remoteImages),
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'private, no-store',
  });
}
