import { describe, expect, it } from 'vitest';
import { renderCreativeFor } from '../../shared/mailing/creatives/render.js';

describe('renderCreativeFor', () => {
  const creative = {
    id: 'cr1',
    subject: '{Hi|Hello} {{firstName}} at {{company.name}}',
    bodyHtml: '<p>Dear {{firstName|there}},</p><p>{{cf.industry}} & {{company.city}}</p>',
  };
  it('renders subject, escaped HTML and a text part; lists unresolved names', () => {
    const out = renderCreativeFor(creative, {
      contactId: 'c1',
      contact: { firstName: 'Ann<' },
      company: { name: 'Acme' },
      customFields: { industry: 'retail' },
    });
    expect(out.subject).toMatch(/^(Hi|Hello) Ann< at Acme$/);
    expect(out.html).toBe('<p>Dear Ann&lt;,</p><p>retail & </p>');
    expect(out.text).toContain('Dear Ann<,');
    expect(out.unresolvedTokens).toEqual(['company.city']);
    const again = renderCreativeFor(creative, {
      contactId: 'c1',
      contact: { firstName: 'Ann<' },
      company: { name: 'Acme' },
      customFields: { industry: 'retail' },
    });
    expect(again).toEqual(out);
  });
});
