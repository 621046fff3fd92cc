import lib from 'google-libphonenumber';
import { htmlJob } from '../../../platform/html/off-thread.js';
import { loadHtml, textOf } from '../../../platform/html/parse.js';

const phoneUtil = lib.PhoneNumberUtil.getInstance();

export interface PageFacts {
  title: string | null;
  description: string | null;
  /** Visible text (scripts and styles dropped), whitespace collapsed. */
  text: string;
  links: { href: string; label: string }[];
  emails: string[];
  phones: string[];
  social: string[];
  /** Little visible text but scripts (or a "enable JavaScript" notice): the browser path should render it. */
  needsScripts: boolean;
  parked: boolean;
  hasForm: boolean;
}

const SOCIAL_HOSTS =
  /(^|\.)(facebook\.com|fb\.com|instagram\.com|linkedin\.com|twitter\.com|x\.com|vk\.com|vkontakte\.ru|t\.me|telegram\.me|youtube\.com|tiktok\.com|ok\.ru|wa\.me)$/i;
const PARKED = /(domain (name )?(is )?(for sale|parked)|buy this domain|this domain may be for sale|parkingcrew|sedoparking|domain parking|hugedomains)/i;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,24}/gi;
// "info [at] acme [dot] com", "info(at)acme.com", "info at acme dot com" (with brackets only, to avoid prose)
const OBFUSCATED = /([a-z0-9._%+-]+)\s*[[(]\s*(?:at|@|собака)\s*[\])]\s*([a-z0-9-]+(?:\s*(?:[[(]\s*(?:dot|точка)\s*[\])]|\.)\s*[a-z0-9-]+)+)/gi;
const PHONE = /(?:\+|\b)\d[\d\s().-]{8,18}\d\b/g;
const ASSET = /\.(png|jpe?g|gif|svg|webp|css|js)$/i;
/** Elements whose text is not the page's visible text. */
const HIDDEN = ['script', 'style', 'noscript', 'template'];

/** Normalises a phone to E.164 when libphonenumber calls it valid (default region RU, then US). */
export function normalizePhone(raw: string): string | undefined {
  const s = raw.trim();
  for (const region of ['RU', 'US']) {
    try {
      const n = phoneUtil.parse(s, region);
      if (phoneUtil.isValidNumber(n)) return phoneUtil.format(n, lib.PhoneNumberFormat.E164);
    } catch {
      // not a number in this region
    }
  }
  return undefined;
}

export function normalizeEmail(raw: string): string | undefined {
  const e = raw
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, '')
    .split('?')[0];
  if (!/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,24}$/.test(e) || ASSET.test(e)) return undefined;
  return e;
}

export function normalizeSocial(href: string): string | undefined {
  try {
    const u = new URL(href);
    if (!/^https?:$/.test(u.protocol) || !SOCIAL_HOSTS.test(u.hostname) || u.pathname.length < 2) return undefined;
    const host = u.hostname.toLowerCase().replace(/^(www|m)\./, '');
    return `https://${host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/**
 * Everything the crawler reads from one HTML page. Throws HtmlTooComplex for a page over the bounds
 * (shared/platform/html/bounds.ts). Text is read once per element at most: links and forms may nest (the
 * parser keeps what the page says), and `.text()` of each would copy the rest of the page again.
 */
export function extractPage(html: string, baseUrl: string): PageFacts {
  // A space before every tag, so text of adjacent elements never glues together ("a@b.comContacts").
  const { $, top } = loadHtml(html.replace(/</g, ' <'), 'page');
  const title = $('title').first().text().trim().slice(0, 300) || null;
  const description =
    ($('meta[name="description"]').attr('content') ?? $('meta[property="og:description"]').attr('content') ?? '').trim().slice(0, 1000) || null;
  const scripts = $('script').length;
  const noscript = $('noscript')
    .slice(0, 50)
    .map((_, el) => textOf(el, { max: 2000 }))
    .get()
    .join(' ');
  const hasForm = $('form').length > 0;
  const hrefs: { href: string; label: string }[] = [];
  $('a[href]').each((_, a) => {
    if (hrefs.length < 500) hrefs.push({ href: $(a).attr('href')!.trim(), label: textOf(a, { max: 1000 }).trim().slice(0, 100) });
  });
  // Visible text: without scripts and styles; htmlparser2 adds no <body> a page leaves out, then the whole document but its <head>.
  const body = $('body').get(0);
  const text = textOf(body ?? top.get(0)!, { skip: body ? HIDDEN : [...HIDDEN, 'head', 'title'] })
    .replace(/\s+/g, ' ')
    .trim();

  const emails = new Set<string>();
  const phones = new Set<string>();
  const social = new Set<string>();
  const links: PageFacts['links'] = [];
  for (const { href, label } of hrefs) {
    if (/^mailto:/i.test(href)) {
      const e = normalizeEmail(decodeURIComponent(href));
      if (e) emails.add(e);
    } else if (/^tel:/i.test(href)) {
      const p = normalizePhone(decodeURIComponent(href.slice(4)));
      if (p) phones.add(p);
    } else {
      let abs: string;
      try {
        abs = new URL(href, baseUrl).toString();
      } catch {
        continue;
      }
      const s = normalizeSocial(abs);
      if (s) social.add(s);
      else if (/^https?:/.test(abs)) links.push({ href: abs, label });
    }
  }
  for (const m of text.matchAll(EMAIL)) {
    const e = normalizeEmail(m[0]);
    if (e) emails.add(e);
  }
  for (const m of text.matchAll(OBFUSCATED)) {
    const domain = m[2].replace(/\s*(?:[[(]\s*(?:dot|точка)\s*[\])]|\.)\s*/gi, '.');
    const e = normalizeEmail(`${m[1]}@${domain}`);
    if (e) emails.add(e);
  }
  for (const m of text.matchAll(PHONE)) {
    if ((m[0].match(/\d/g) ?? []).length < 10) continue;
    const p = normalizePhone(m[0]);
    if (p) phones.add(p);
  }
  const needsScripts = text.length < 80 && (scripts > 0 || /enable javascript/i.test(noscript));
  return {
    title,
    description,
    text,
    links,
    emails: [...emails],
    phones: [...phones],
    social: [...social],
    needsScripts,
    parked: PARKED.test(`${title ?? ''} ${text.slice(0, 3000)}`),
    hasForm,
  };
}

const SERVICES = /(services?|uslugi|услуги|spa|pool|бассейн|fitness|фитнес)/i;
const CONTACTS = /(contact|kontakt|контакт|about-us|impressum)/i;

/**
 * The second page of `home+contacts`, by the spec's priority: a services/SPA/pool/fitness page first,
 * then a Contacts page, then any other same-site link. Never the home page itself; one page only.
 */
export function pickSecondPage(links: PageFacts['links'], homeUrl: string): string | undefined {
  const home = new URL(homeUrl);
  const same = links
    .filter((l) => {
      try {
        const u = new URL(l.href);
        u.hash = '';
        return u.hostname === home.hostname && u.pathname !== home.pathname && !ASSET.test(u.pathname);
      } catch {
        return false;
      }
    })
    .map((l) => ({ ...l, href: l.href.replace(/#.*$/, '') }));
  const match = (re: RegExp) => same.find((l) => re.test(new URL(l.href).pathname) || re.test(l.label));
  return (match(SERVICES) ?? match(CONTACTS) ?? same[0])?.href;
}

/** extractPage in a worker thread, within a time budget (shared/platform/html/off-thread.ts). */
export const extractPageOffThread = /* @__PURE__ */ htmlJob(import.meta.url, 'extractPage', extractPage);
