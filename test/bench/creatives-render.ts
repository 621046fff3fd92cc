import { renderCreativeFor } from '../../shared/mailing/creatives/render.js';
import { renderTemplate, templateSeed } from '../../shared/mailing/creatives/template.js';

/** A ~5 KB creative with 10 spins and 8 variables, rendered per recipient on one core. */
export function benchCreative() {
  const vars = ['firstName', 'lastName', 'position', 'company.name', 'company.city', 'company.industry', 'cf.segment', 'fullName'];
  const spins = Array.from({ length: 10 }, (_, i) => `{Option ${i} a|option ${i} b|{nested ${i} c|nested ${i} d}}`);
  const para = 'We help B2B teams reach the right people with a short, relevant message and measure what happens next. ';
  let body = '<html><body>';
  for (let i = 0; i < 10; i++) body += `<p>${spins[i]} {{${vars[i % 8]}|there}}. ${para.repeat(4)}</p>\n`;
  body += '</body></html>';
  return { id: 'bench-creative', subject: '{Hi|Hello} {{firstName}} at {{company.name}}', bodyHtml: body };
}

export async function run() {
  const creative = benchCreative();
  const ctx = (i: number) => ({
    contactId: `contact-${i}`,
    contact: { firstName: `Anna${i}`, lastName: 'Smith', position: 'CTO' },
    company: { name: `Acme ${i}`, city: 'Berlin', industry: 'Retail' },
    customFields: { segment: 'mid' },
  });
  const vars = (i: number) => ({
    firstName: `Anna${i}`,
    lastName: 'Smith',
    position: 'CTO',
    'company.name': `Acme ${i}`,
    'company.city': 'Berlin',
    'company.industry': 'Retail',
    'cf.segment': 'mid',
    fullName: `Anna${i} Smith`,
  });
  const measure = (label: string, n: number, fn: (i: number) => void) => {
    for (let i = 0; i < Math.min(n, 2000); i++) fn(i); // warm-up (JIT, AST cache)
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn(i);
    const s = (performance.now() - t0) / 1000;
    console.log(`${label}: ${Math.round(n / s).toLocaleString('en')} renders/s (${n} renders, ${s.toFixed(2)} s)`);
  };
  console.log(`creative: ${creative.bodyHtml.length} chars body, 10 spins, 8 variables`);
  measure('renderTemplate subject + bodyHtml (target >= 20,000/s)', 100_000, (i) => {
    const seed = templateSeed(creative.id, `contact-${i}`);
    const v = vars(i);
    renderTemplate(creative.subject, v, { seed, html: false });
    renderTemplate(creative.bodyHtml, v, { seed, html: true });
  });
  measure('renderCreativeFor without text part', 100_000, (i) => renderCreativeFor(creative, ctx(i), { skipText: true }));
  measure('renderCreativeFor with the text part', 3_000, (i) => renderCreativeFor(creative, ctx(i)));
}
