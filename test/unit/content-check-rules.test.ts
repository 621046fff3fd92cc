import { describe, expect, it } from 'vitest';
import { runRules, scoreOf } from '../../shared/mailing/content-check/rules.js';

const clean = {
  subject: 'Question about your logistics',
  html:
    `<p>Hi Anna,</p><p>${'We help mid-size retailers cut delivery costs by planning routes with their own data. '.repeat(6)}</p>` +
    '<p>Would a short call next week make sense?</p><p>Best, Ivan</p><p>Acme Ltd, 12 Baker Street, London NW1 6XE. <a href="https://acme.example/u">Unsubscribe</a></p>',
};

describe('content check rules', () => {
  it('a plain business email has no hits', () => {
    const r = runRules(clean);
    expect(r.hits).toEqual([]);
    expect(scoreOf(r.hits)).toEqual({ score: 0, risk: 'low' });
  });

  it('names each problem with a fix', () => {
    const r = runRules({
      subject: 'FREE MONEY!!! Act now',
      html: '<p>CLICK HERE to WIN BIG, бесплатно и срочно!!!</p><img src="https://x.example/a.png"><a href="https://bit.ly/x">go</a><p>{oops</p>',
    });
    const rules = r.hits.map((h) => h.rule);
    for (const rule of [
      'trigger_phrases_en',
      'trigger_phrases_ru',
      'url_shortener',
      'low_text_image_ratio',
      'all_caps',
      'exclamation_runs',
      'missing_unsubscribe',
      'missing_physical_address',
      'leftover_braces',
    ])
      expect(rules, rule).toContain(rule);
    for (const h of r.hits) expect(h.fix.length).toBeGreaterThan(10);
    expect(scoreOf(r.hits).risk).toBe('high');
    expect(runRules({ subject: 'x', html: `<p>${'a'.repeat(120_000)}</p>` }).hits.map((h) => h.rule)).toContain('message_too_large');
    expect(
      runRules({
        ...clean,
        html:
          clean.html + '<a href="https://a.example">1</a><a href="https://b.example">2</a><a href="https://c.example">3</a><a href="https://d.example">4</a>',
      }).hits.map((h) => h.rule),
    ).toEqual(expect.arrayContaining(['too_many_links', 'many_link_domains']));
  });
});
