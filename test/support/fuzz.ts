import fc from 'fast-check';
import type { AnyOperation } from '../../shared/platform/registry/operation.js';

/**
 * Registry-wide fuzzing (issue 16): requests for every operation derived from its zod input schemas
 * with fast-check — valid, boundary and hostile values, crafted cursors and cookies — and the one
 * property: no 5xx, no stack in any body. Shared by the `npm test` run (fixed seed, bounded count)
 * and the 100,000-request run of `npm run bench` (test/bench/fuzz-100k.ts).
 *
 * No generated value may lead outside the machine: URLs and host names come from fixed lists of
 * `.test`/`.invalid` names and loopback/private literals (refused by the outbound guard), and the
 * runtime gets a DNS server on 127.0.0.1 that knows no name.
 */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${jndi:ldap://x.invalid/a}',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
  '\uD800',
  '😀'.repeat(50),
  '#',
  'A#B#C',
  'COMPANY#x',
  '{"pk":"x"}',
  'null',
  '-1',
  '1e309',
];
const URLS = [
  'https://example.test/',
  'http://127.0.0.1:1/',
  'https://[::ffff:0:127.0.0.1]/',
  'https://10.0.0.1/',
  'https://a.invalid/x?y=1',
  'ftp://example.test',
  'https://user:pw@example.test/',
  'javascript:alert(1)',
];
const EMAILS = ['a@example.test', 'ADMIN@EXAMPLE.TEST', 'x@y', 'bad', 'a@b.invalid', `${'l'.repeat(70)}@example.test`];
const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
export const CRAFTED_CURSORS = [
  enc({ pk: 'CONTACTLISTS', sk: '' }),
  `${enc({ pk: 'x', sk: '' })}.AAAAAAAAAAAAAAAAAAAAAAAA`,
  enc({ s: 'x', k: '' }),
  'not-a-cursor',
  '.',
  'a.b.c',
  enc([1, 2]),
  enc('str'),
  enc({ pk: 'P', sk: 'S', gsi1pk: '', gsi1sk: '' }),
  'A'.repeat(2000),
];
export const CRAFTED_COOKIES = [
  'svc_session=%E0%A4%A',
  'svc_session=%',
  'svc_session=' + 'a'.repeat(500),
  'svc_session=a; svc_session=b',
  '=x',
  'svc_session',
  'svc_csrf=%C0%AF; svc_session=%ZZ',
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const plainString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('a', 'Acme', 'test', 'DE', 'x@example.test'),
  hostileString,
  fc.constantFrom(...URLS),
  fc.constantFrom(...EMAILS),
);
const hostileValue = fc.oneof(
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
);

type Def = { type: string; [k: string]: any };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** An arbitrary for one zod schema: mostly values of its shape, sometimes anything at all. */
export function arbitraryFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, depth);
  return fc.oneof({ arbitrary: shaped, weight: 8 }, { arbitrary: hostileValue, weight: 1 });
}

function shapedFor(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 4) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return plainString;
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(0, -1, 1, 100, 101, 1e9, 2 ** 53, -(2 ** 31), 0.5));
    case 'bigint':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.constantFrom('2026-01-01', '2026-13-45', 'not-a-date', '1970-01-01T00:00:00Z');
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)), plainString);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.option(arbitraryFor(def.innerType, depth), { nil: undefined });
    case 'pipe':
      return arbitraryFor(def.in?._zod?.def?.type === 'transform' ? def.out : def.in, depth);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => arbitraryFor(o, depth)));
    case 'intersection':
      return arbitraryFor(def.left, depth);
    case 'array':
      return fc.array(arbitraryFor(def.element, depth + 1), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((i) => arbitraryFor(i, depth + 1)));
    case 'record':
      return fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), hostileString), arbitraryFor(def.valueType, depth + 1), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fc.option(arbitraryFor(v, depth + 1), { nil: undefined, freq: 4 })]));
      return fc.tuple(fc.record(fields), fc.option(fc.constantFrom('extra', '__proto__', 'constructor'), { freq: 6 })).map(([o, extra]) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
        if (extra) out[extra] = 1;
        return out;
      });
    }
    case 'lazy':
      return depth > 2 ? fc.constant(null) : arbitraryFor(def.getter(), depth + 1);
    default:
      return hostileValue;
  }
}

/** Query strings are strings: each field rendered from its arbitrary, `cursor` from crafted ones. */
function queryFor(schema: unknown): fc.Arbitrary<Record<string, string>> {
  if (!schema) return fc.constant({});
  const shape = (defOf(schema).shape ?? {}) as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [
      k,
      fc.option(k === 'cursor' ? fc.constantFrom(...CRAFTED_CURSORS) : arbitraryFor(v).map(toQueryValue), { nil: undefined, freq: 3 }),
    ]),
  );
  return fc.record(fields).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, string>);
}
const toQueryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

export interface FuzzRequest {
  op: AnyOperation;
  path: string;
  query: Record<string, string>;
  body?: string;
  cookie?: string;
  asOwner: boolean;
}

export function requestFor(op: AnyOperation): fc.Arbitrary<FuzzRequest> {
  const pathShape = op.input.path ? ((defOf(op.input.path).shape ?? {}) as Record<string, unknown>) : {};
  const params = fc.record(
    Object.fromEntries(
      Object.keys(pathShape).map((k) => [
        k,
        fc.oneof(
          fc.constantFrom('0mwqzzzzzzzzzzzzzzzzzzzzz', 'missing'),
          hostileString.filter((s) => s !== ''),
          fc.string({ minLength: 1, maxLength: 30 }),
        ),
      ]),
    ),
  );
  const body =
    op.input.body && op.method !== 'GET'
      ? fc.oneof(
          { arbitrary: arbitraryFor(op.input.body).map((b) => JSON.stringify(b) ?? ''), weight: 9 },
          { arbitrary: fc.constantFrom('{"not json', '[', '{"a":' + '['.repeat(100) + ']'.repeat(100) + '}'), weight: 1 },
        )
      : fc.constant(undefined);
  return fc
    .record({
      params,
      query: queryFor(op.input.query),
      body,
      cookie: fc.option(fc.constantFrom(...CRAFTED_COOKIES), { nil: undefined, freq: 4 }),
      asOwner: fc.boolean().map((b) => b || op.access !== 'public'),
    })
    .map(({ params, query, body, cookie, asOwner }) => ({
      op,
      path: op.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, n: string) =>
        encodeURIComponent(((params as Record<string, string>)[n] ?? 'x').replace(/[\uD800-\uDFFF]/g, '\uFFFD')),
      ),
      query,
      body,
      cookie,
      asOwner,
    }));
}

/** A stack frame in an answer: `at fn (file:line:col)`. Test bodies with `hasStack`, never with this directly. */
export const STACK = /\s+at .+\(.+:\d+:\d+\)/;

/**
 * `STACK.test(text)` in linear time. The regex backtracks over its two `.+` for every ` at ` of a line,
 * which is quadratic in the line's length: on the one-line OpenAPI document (~700 KB, ~90 ` at `) it took
 * 20-40 s per answer. Same language, decided per line (`.` stops at line terminators): the earliest
 * whitespace + `at `, then the earliest `(` at least one character after it, then a `:line:col)` at
 * least one character after that; taking the earliest of each leaves the most room for what follows.
 */
export function hasStack(text: string): boolean {
  return text.split(/[\n\r\u2028\u2029]/).some((line, i) => lineHasFrame(i > 0 ? `\n${line}` : line));
}

function lineHasFrame(line: string): boolean {
  const at = /\sat /.exec(line);
  if (!at) return false;
  const paren = line.indexOf('(', at.index + 5);
  return paren >= 0 && /:\d+:\d+\)/.test(line.slice(paren + 2));
}

/** Sends one fuzz request; returns the status and whether the body carries a stack. */
export async function send(baseUrl: string, r: FuzzRequest, auth: { ownerKey: string; tenantId: string; adminToken: string }, address: string) {
  const qs = new URLSearchParams(r.query).toString();
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (r.body !== undefined) headers['content-type'] = 'application/json';
  if (r.cookie) headers.cookie = r.cookie;
  if (r.asOwner) {
    headers.authorization = `Bearer ${r.op.access === 'admin' ? auth.adminToken : auth.ownerKey}`;
    if (r.op.access === 'tenant') headers['x-tenant-id'] = auth.tenantId;
  }
  try {
    const res = await fetch(`${baseUrl}${r.path}${qs ? `?${qs}` : ''}`, {
      method: r.op.method,
      headers,
      body: r.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, stack: hasStack(text), text };
  } catch (e) {
    // The local server answers 413 and closes the socket on an over-cap body; fetch may see the close first.
    const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
    return { status: 0, stack: false, text: `connection error ${cause} (body ${Buffer.byteLength(r.body ?? '')} bytes)` };
  }
}

/**
 * Markup fragments the HTML pre-scan must read as htmlparser2 does (shared/platform/html/bounds.ts): implied
 * closes, void and raw-text elements, SVG/MathML and their integration points, comments, CDATA,
 * declarations, quoted attributes holding markup, stray and odd end tags.
 */
export const HTML_FRAGMENTS = [
  ...['div', 'p', 'li', 'ul', 'td', 'tr', 'th', 'table', 'tbody', 'thead', 'tfoot', 'b', 'span', 'a href=x', 'body', 'head', 'html', 'h1', 'form'].map(
    (t) => `<${t}>`,
  ),
  ...[
    'option',
    'optgroup',
    'select',
    'input',
    'button',
    'textarea',
    'dd',
    'dt',
    'rt',
    'rp',
    'x-y',
    'DIV',
    'Span',
    'svg',
    'math',
    'mi',
    'foreignObject',
    'desc',
  ].map((t) => `<${t}>`),
  ...['div', 'p', 'li', 'ul', 'td', 'tr', 'table', 'b', 'span', 'a', 'body', 'form', 'svg', 'math', 'mi', 'foreignObject', 'title', 'x-y', 'br', 'img'].map(
    (t) => `</${t}>`,
  ),
  ...['<div/>', '<svg/>', '<path/>', '<math/>', '<mi/>', '<title/>', '<script/>', '<br/>', '<div / >', '<div a/>', '<div a=b/>'],
  ...['<br>', '<img src=x>', '<hr>', '<input name=q>', '<meta charset=utf-8>', '<link rel=x>', '<wbr>'],
  ...['<script>', '</script>', '<style>', '</style>', '<title>', '<xmp>', '</xmp>', '</textarea>', '</script >', '</script/>', '</SCRIPT>'],
  ...['<!--', '-->', '<!-- c -->', '<!---->', '<!-->', '<![CDATA[', ']]>', '<!DOCTYPE html>', '<?x y?>', '<!x>'],
  ...['text', ' ', '\n', '<', '>', '</', '</ >', '</>', '< div>', '<1>', '"', "'", '=', '/', 'a=1'],
  ...['<div a="x>y">', "<div a='<p>'>", '<div =x>', '<div ="a>b">', "<span a=1 b c='d'>", '</ Div >', '<div\n>', '<div\tclass=c>', '</p >', '<p\f>'],
];

/** Tags that nest when left open (the inputs of issue 27's freeze), in the spellings a client could use. */
const NESTING_TAGS = ['div', 'DIV', 'b', 'span', 'section', 'font', 'x-box', 'div class="c"', 'blockquote', 'body', 'div/', 'td><p'];

/**
 * An HTML document nested `minDepth`..`maxDepth` levels deep: one open tag repeated (with optional
 * text between and closed siblings that do not nest), after an optional head. The shapes that froze
 * the server: 10k-300k unclosed elements.
 */
export function nestedHtml({ minDepth, maxDepth = minDepth * 4 }: { minDepth: number; maxDepth?: number }): fc.Arbitrary<string> {
  return fc
    .record({
      tag: fc.constantFrom(...NESTING_TAGS),
      depth: fc.integer({ min: minDepth, max: maxDepth }),
      between: fc.constantFrom('', 'x', ' ', '<i>x</i>', '<br>', '<!-- c -->'),
      head: fc.constantFrom('', '<!DOCTYPE html><html><head><title>t</title></head><body>', '<form><input name=email><textarea></textarea></form>'),
    })
    .map(({ tag, depth, between, head }) => head + `<${tag}>${between}`.repeat(depth));
}
