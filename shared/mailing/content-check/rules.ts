import { getDomain } from 'tldts';
import { htmlJob } from '../../platform/html/off-thread.js';
import { elementsIn, parseHtmlTree } from '../../platform/html/html-tree.js';
import { plainTextConverter } from '../../platform/html/plain-text.js';
import type { CheckStats, RuleHit } from './score.js';

export { scoreOf, type CheckStats, type RuleHit } from './score.js';

/** Trigger phrases common in spam filters' rule sets (English and Russian), matched case-insensitively. */
export const TRIGGER_PHRASES = {
  en: [
    'act now',
    'limited time',
    '100% free',
    'free money',
    'risk-free',
    'guaranteed',
    'no obligation',
    'click here',
    'buy now',
    'order now',
    'urgent',
    'winner',
    'you have been selected',
    'cash bonus',
    'earn money',
    'make money',
    'double your',
    'best price',
    'lowest price',
    'special promotion',
    'once in a lifetime',
    'dear friend',
    'no credit check',
    'congratulations',
    'apply now',
    'call now',
  ],
  ru: [
    'бесплатно',
    'срочно',
    'только сегодня',
    'акция',
    'скидка',
    'выгодное предложение',
    'гарантия',
    'гарантированно',
    'заработок',
    'без вложений',
    'вы выиграли',
    'поздравляем',
    'жми',
    'кликни',
    'успей',
    'последний шанс',
    'лучшая цена',
    'уникальное предложение',
    'без предоплаты',
    'доход',
    'распродажа',
    'халява',
  ],
};

export const URL_SHORTENERS = [
  'bit.ly',
  'tinyurl.com',
  'goo.gl',
  't.co',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'cutt.ly',
  'rebrand.ly',
  'clck.ru',
  'vk.cc',
  'shorturl.at',
  'rb.gy',
  'tiny.cc',
  'bitly.com',
];

const UNSUBSCRIBE = /unsubscribe|opt[- ]?out|отписаться|отписка|{{\s*unsubscribe/i;
/** A street-like line: number + street word, or a postcode; Russian address words too. */
const ADDRESS =
  /\b\d{1,5}\s+[A-Za-z][A-Za-z .'-]{2,40}\b(street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd|lane|suite|floor)\b|\b\d{5}(-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|ул\.|улица|проспект|пр-т|д\.\s?\d|г\.\s?[А-ЯЁ]|\b\d{6}\b/i;

export interface CheckInput {
  subject: string;
  html: string;
}

/**
 * The visible text, as html-to-text 10 gives it with images skipped and links without their href
 * (test/unit/html-plain-text.test.ts compares the two), on the light tree of html-tree.ts: the audit of
 * a submit runs this per recipient, on the request path (issue 25).
 */
const visibleText = plainTextConverter({ wordwrap: false, linkHrefs: false });
const LINKS_AND_IMAGES = new Set(['a', 'img']);

/**
 * The hrefs of `<a href>` and the number of `<img>`. Parsed, as loadHtml (cheerio) did, inside a wrapper
 * element: a tag left unfinished at the end of the HTML then still reads as it did (its attributes run
 * into the wrapper's end tag, whose `>` closes it).
 */
function linksAndImages(html: string) {
  const links: string[] = [];
  let images = 0;
  for (const el of elementsIn(parseHtmlTree(`<svc-document>${html}</svc-document>`), LINKS_AND_IMAGES))
    if (el.name === 'img') images++;
    else if (Object.prototype.hasOwnProperty.call(el.attribs, 'href')) links.push(el.attribs.href);
  return { links, images };
}

/**
 * Copy checks of one rendered email (subject + HTML): named rules, each hit with points and a fix. Pure
 * (no I/O); the points add up to the risk score (score.ts). Throws HtmlTooComplex (a 400 naming `html`)
 * for HTML over the bounds of shared/platform/html/bounds.ts.
 */
export function runRules({ subject, html }: CheckInput): { hits: RuleHit[]; stats: CheckStats } {
  const text = visibleText(html); // checks the bounds first
  const { links, images } = linksAndImages(html);
  const sizeBytes = Buffer.byteLength(html) + Buffer.byteLength(subject);
  const textChars = text.replace(/\s+/g, ' ').trim().length;
  const hits: RuleHit[] = [];
  const hit = (rule: string, severity: RuleHit['severity'], points: number, detail: string, fix: string) => hits.push({ rule, severity, points, detail, fix });
  const all = `${subject}\n${text}`.toLowerCase();

  for (const [lang, list] of Object.entries(TRIGGER_PHRASES)) {
    const found = list.filter((p) => (lang === 'ru' ? all.includes(p) : new RegExp(`\\b${p.replace(/[.*+?^${}()|[\]\\%]/g, '\\$&')}\\b`).test(all)));
    if (found.length)
      hit(
        `trigger_phrases_${lang}`,
        found.length > 2 ? 'critical' : 'warning',
        Math.min(30, 6 * found.length),
        `Trigger phrases: ${found.join(', ')}`,
        'Rephrase these in plain business language; describe the concrete value instead.',
      );
  }
  if (links.length > 3)
    hit(
      'too_many_links',
      links.length > 6 ? 'critical' : 'warning',
      links.length > 6 ? 20 : 10,
      `${links.length} links`,
      'Keep a cold email to 1-2 links (one is best), all on your own domain.',
    );
  const shorteners = links.filter((l) => {
    try {
      return URL_SHORTENERS.includes(new URL(l).hostname.toLowerCase());
    } catch {
      return false;
    }
  });
  if (shorteners.length)
    hit(
      'url_shortener',
      'critical',
      20,
      `Shortened links: ${shorteners.join(', ')}`,
      'Link to your own domain directly; shorteners hide the target and are widely blocked.',
    );
  const domains = new Set(
    links
      .map((l) => {
        try {
          return getDomain(new URL(l).hostname) ?? '';
        } catch {
          return '';
        }
      })
      .filter(Boolean),
  );
  if (domains.size > 2)
    hit(
      'many_link_domains',
      'warning',
      8,
      `Links to ${domains.size} domains: ${[...domains].join(', ')}`,
      'Point links to one domain (your own or the tracking domain).',
    );
  if (images > 0 && textChars / images < 400)
    hit(
      'low_text_image_ratio',
      textChars < 200 ? 'critical' : 'warning',
      textChars < 200 ? 25 : 10,
      `${textChars} characters of text for ${images} image(s)`,
      'Add text (at least ~400 characters per image) or drop images; image-only mail reads as spam.',
    );
  if (images > 3) hit('too_many_images', 'warning', 8, `${images} images`, 'Use at most 1-2 images in a cold email.');
  const capsWords = `${subject} ${text}`.match(/\b[A-ZА-ЯЁ]{4,}\b/g) ?? [];
  if (capsWords.length >= 3 || /^[^a-zа-яё]*[A-ZА-ЯЁ]{4,}[^a-zа-яё]*$/.test(subject.trim()))
    hit('all_caps', 'warning', 10, `ALL-CAPS words: ${capsWords.slice(0, 8).join(', ')}`, 'Write in sentence case; shouting reads as spam.');
  const bangs = `${subject} ${text}`.match(/[!?]{2,}/g) ?? [];
  if (bangs.length || (subject.match(/!/g) ?? []).length > 1)
    hit(
      'exclamation_runs',
      'warning',
      8,
      `Runs of ! or ?: ${bangs.slice(0, 5).join(' ') || subject}`,
      'Use at most one exclamation mark and none in the subject.',
    );
  if (!UNSUBSCRIBE.test(html))
    hit(
      'missing_unsubscribe',
      'warning',
      12,
      'No unsubscribe link or opt-out sentence',
      'Add an opt-out line ("Reply \'no\' or unsubscribe here") with a working link.',
    );
  if (!ADDRESS.test(text))
    hit(
      'missing_physical_address',
      'info',
      5,
      'No postal address found',
      "Add the sender company's postal address in the footer (CAN-SPAM, and it builds trust).",
    );
  if (sizeBytes > 100_000)
    hit(
      'message_too_large',
      'critical',
      20,
      `${sizeBytes} bytes`,
      'Keep the HTML under 100 KB (Gmail clips at 102 KB); inline fewer styles, no embedded images.',
    );
  else if (sizeBytes > 50_000) hit('message_large', 'warning', 8, `${sizeBytes} bytes`, 'A cold email is best under ~50 KB; simplify the HTML.');
  if (/[{}]/.test(subject) || /[{}]/.test(text))
    hit(
      'leftover_braces',
      'critical',
      20,
      'Braces remain after rendering (broken spintax or variable)',
      'Fix the template: every { needs a } and variables are {{name}}; escape literal braces as \\{ \\}.',
    );
  if (!subject.trim()) hit('empty_subject', 'critical', 20, 'The subject is empty', 'Write a short, specific subject (3-7 words).');
  else if (subject.length > 90) hit('long_subject', 'info', 4, `${subject.length} characters`, 'Keep the subject under ~60 characters.');
  return { hits, stats: { sizeBytes, textChars, links: links.length, images, textPerImage: images ? Math.round(textChars / images) : null } };
}

/** runRules in a worker thread, within a time budget (shared/platform/html/off-thread.ts): the content check's up to 200 KB of HTML. */
export const runRulesOffThread = /* @__PURE__ */ htmlJob(import.meta.url, 'contentRules', (html: string, subject: string) => runRules({ subject, html }));
