import { describe, expect, it } from 'vitest';
import { BuiltinAi } from '../../shared/platform/ai/builtin.js';
import type { BriefView } from '../../shared/mailing/briefs/briefs.js';
import { aiFindingsOf, expertReview } from '../../shared/mailing/briefs/expert-ai.js';
import { reviewBrief } from '../../shared/mailing/briefs/expert.js';

const brief = (content: Record<string, unknown>): BriefView => ({
  id: 'b1',
  name: 'B',
  description: 'd',
  targetCompanyListId: 'l1',
  content,
  variables: {},
  locks: [],
  revision: 1,
  createdAt: '',
  updatedAt: '',
});

describe('brief review through the builtin AI provider', () => {
  it('adds its heuristic findings (source ai) on top of the rule floor, deterministically', async () => {
    const b = brief({
      product: { name: 'Routo', description: 'Route planning software for delivery fleets that cuts mileage, like FleetCo does.' },
      offer: 'A 20-minute route audit',
      icp: {
        targetRoles: ['HR Director', 'COO'],
        nonTargetRoles: { roles: [], emailPrefixes: ['hr', 'jobs'] },
        painPoints: ['Payroll errors in warehouses'],
      },
      competitors: ['FleetCo'],
    });
    const a = await expertReview(b, [], new BuiltinAi());
    expect(a.degraded).toBe(false);
    expect(a.ai).toMatchObject({ provider: 'builtin', status: 'ok', dropped: 0 });
    const ai = a.findings.filter((f) => f.source === 'ai').map((f) => `${f.kind}:${f.path}`);
    expect(ai.sort()).toEqual([
      'contradiction:content.icp.nonTargetRoles.emailPrefixes',
      'missing:content.product.valueProposition',
      'weak:content.icp.painPoints',
      'weak:content.offer',
    ]);
    expect(a.findings.filter((f) => f.source === 'rules').map(({ source: _s, ...f }) => f)).toEqual(reviewBrief(b, []));
    expect(await expertReview(b, [], new BuiltinAi())).toEqual(a);
  });

  it('a complete, consistent brief gets no AI findings', async () => {
    const b = brief({
      product: { description: 'Route planning that cuts fleet mileage', valueProposition: 'Less mileage' },
      offer: 'An audit of your mileage',
      icp: { targetRoles: ['COO'], nonTargetRoles: { emailPrefixes: ['hr'] }, painPoints: ['High mileage costs'] },
    });
    expect((await expertReview(b, [], new BuiltinAi())).findings.filter((f) => f.source === 'ai')).toEqual([]);
  });

  it('keeps only contract-shaped findings, not already made by the rules, at most 20', () => {
    const known = reviewBrief(brief({}), []);
    const f = { path: 'content.tone', kind: 'weak', severity: 'low', message: 'Tone unset', suggestion: 'Pick one' };
    expect(aiFindingsOf('no json here', known)).toBeUndefined();
    expect(aiFindingsOf('{"findings": "none"}', known)).toBeUndefined();
    expect(aiFindingsOf('```json\n{"findings": []}\n```', known)).toEqual({ findings: [], dropped: 0 });
    const many = Array.from({ length: 25 }, (_, i) => ({ ...f, message: `m${i}` }));
    expect(aiFindingsOf(JSON.stringify({ findings: many }), known)).toMatchObject({ dropped: 5 });
    const mixed = [f, { ...f, path: '../etc' }, { ...f, severity: 'urgent' }, { ...known[0] }, 'text', { ...f }];
    expect(aiFindingsOf(JSON.stringify({ findings: mixed }), known)).toEqual({ findings: [f], dropped: 5 });
  });
});
