import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate, templateSeed } from '../../shared/mailing/creatives/template.js';

const r = (src: string, vars: Record<string, unknown> = {}, seed: number | string = 1, html = false) => renderTemplate(src, vars, { seed, html });

describe('template language', () => {
  it('substitutes variables, dotted and custom-field names, with fallbacks', () => {
    const vars = { firstName: 'Anna', company: { name: 'Acme' }, 'cf.industry': 'retail' };
    expect(r('Hi {{firstName}} of {{company.name}} ({{ cf.industry }})', vars).text).toBe('Hi Anna of Acme (retail)');
    expect(r('Hi {{lastName|there}}', vars)).toEqual({ text: 'Hi there', unresolved: [] });
    expect(r('Hi {{lastName}}, {{lastName}} {{position}}', vars)).toEqual({ text: 'Hi ,  ', unresolved: ['lastName', 'position'] });
    expect(r('Hi {{firstName|}}!', { firstName: '  ' }).text).toBe('Hi !');
  });

  it('escapes values in HTML, not in the plain subject', () => {
    const vars = { firstName: '<b>"Tom" & Jerry\'s</b>' };
    expect(r('<p>{{firstName}}</p>', vars, 1, true).text).toBe('<p>&lt;b&gt;&quot;Tom&quot; &amp; Jerry&#39;s&lt;/b&gt;</p>');
    expect(r('{{firstName}}', vars, 1, false).text).toBe(vars.firstName);
    expect(r('{{x|a<b}}', {}, 1, true).text).toBe('a&lt;b');
  });

  it('handles nested spins, empty options and escaped braces', () => {
    for (let seed = 0; seed < 200; seed++) {
      const t = r('{Hi|Hello {there|all}}', {}, seed).text;
      expect(['Hi', 'Hello there', 'Hello all']).toContain(t);
      expect(['Hi', 'Hi, friend']).toContain(r('Hi{|, friend}', {}, seed).text);
      expect(['a', 'b', 'c']).toContain(r('{{a|b}|c}', {}, seed).text);
    }
    expect(r('\\{not a spin\\} a\\|b \\\\').text).toBe('{not a spin} a|b \\');
    expect(r('{x\\|y|x\\}}', {}, 3).text).toMatch(/^(x\|y|x\})$/);
    expect(r('top | level').text).toBe('top | level');
    expect(r('{}').text).toBe('');
  });

  it('copies <style> and <script> blocks verbatim', () => {
    const src = '<style>p { color: red }</style><p>{A|A}</p><script>if (x) { y() }</script>';
    expect(r(src, {}, 1, true).text).toBe('<style>p { color: red }</style><p>A</p><script>if (x) { y() }</script>');
  });

  it('is deterministic per (creative, recipient) and spreads over the options', () => {
    const src = 'Dear {{firstName}}, {one|two|three} {x|y}';
    const seed = templateSeed('creative-1', 'contact-1');
    expect(r(src, { firstName: 'A' }, seed).text).toBe(r(src, { firstName: 'A' }, seed).text);
    expect(r(src, {}, 'creative-1\u0000contact-1').text).toBe(r(src, {}, seed).text);
    const counts: Record<string, number> = { one: 0, two: 0, three: 0 };
    for (let i = 0; i < 1000; i++) counts[r('{one|two|three}', {}, templateSeed('creative-1', `contact-${i}`)).text]++;
    for (const n of Object.values(counts)) {
      expect(n).toBeGreaterThanOrEqual((1000 / 3) * 0.8);
      expect(n).toBeLessThanOrEqual((1000 / 3) * 1.2);
    }
    const other = new Set(Array.from({ length: 50 }, (_, i) => r('{a|b|c|d}', {}, templateSeed(`creative-${i}`, 'contact-1')).text));
    expect(other.size).toBeGreaterThan(1);
  });

  it('reports parse errors with their position and lists tokens', () => {
    expect(parseTemplate('Hi {{firstName}} {a|{{company.name|you}}}')).toEqual({ ok: true, tokens: ['firstName', 'company.name'] });
    expect(parseTemplate('abc {a|b')).toEqual({ ok: false, message: 'unbalanced "{" at 4', position: 4 });
    expect(parseTemplate('abc a|b}')).toEqual({ ok: false, message: 'unbalanced "}" at 7', position: 7 });
    expect(parseTemplate('{a|{b}')).toEqual({ ok: false, message: 'unbalanced "{" at 0', position: 0 });
    expect(parseTemplate('{{firstName}')).toMatchObject({ ok: false, position: 0 });
    expect(() => r('x}')).toThrow(/unbalanced "}" at 1/);
  });
});
