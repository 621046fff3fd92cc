import type { BriefView } from './briefs.js';

export interface Finding {
  path: string;
  kind: 'missing' | 'contradiction' | 'weak' | 'open_question';
  severity: 'high' | 'medium' | 'low';
  message: string;
  suggestion: string;
}

const get = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);
const lower = (v: unknown) => (Array.isArray(v) ? v.map((x) => String(x).toLowerCase().trim()) : []);

const REQUIRED: [string, Finding['severity'], string][] = [
  ['product.name', 'high', 'Name the product or service the emails are about.'],
  ['product.description', 'high', 'Describe the product in two or three sentences.'],
  ['offer', 'high', 'State the concrete offer (a call, a pilot, an audit).'],
  ['callToAction', 'medium', 'Give one clear next step for the reader.'],
  ['icp.industries', 'high', 'List the target industries.'],
  ['icp.targetRoles', 'high', 'List the roles the emails address.'],
  ['icp.geographies', 'medium', 'Say where the target companies are.'],
  ['icp.painPoints', 'medium', 'Name the problems the product solves for them.'],
  ['proofPoints', 'low', 'Add a customer result or number that backs the claim.'],
  ['language', 'low', 'Set the language of the copy (en, ru ...).'],
  ['sender.address', 'low', 'Give the postal address for the footer (content check: missing_physical_address).'],
];

/**
 * A deterministic review of a brief: what is missing, what contradicts itself, open questions from
 * memory. Structured so an agent can act on each finding (path + suggestion).
 */
export function reviewBrief(brief: BriefView, memory: { kind: string; text: string; path?: unknown }[]): Finding[] {
  const c = brief.content;
  const out: Finding[] = [];
  for (const [path, severity, suggestion] of REQUIRED)
    if (empty(get(c, path))) out.push({ path: `content.${path}`, kind: 'missing', severity, message: `${path} is empty`, suggestion });
  const targets = lower(get(c, 'icp.targetRoles'));
  const nonTargets = lower(get(c, 'icp.nonTargetRoles.roles'));
  for (const role of targets.filter((r) => nonTargets.includes(r)))
    out.push({
      path: 'content.icp.nonTargetRoles.roles',
      kind: 'contradiction',
      severity: 'high',
      message: `"${role}" is both a target and a non-target role`,
      suggestion: 'Remove it from one of the two lists.',
    });
  const industries = lower(get(c, 'icp.industries'));
  for (const ind of lower(get(c, 'icp.excludedIndustries')).filter((x) => industries.includes(x)))
    out.push({
      path: 'content.icp.excludedIndustries',
      kind: 'contradiction',
      severity: 'high',
      message: `"${ind}" is both targeted and excluded`,
      suggestion: 'Remove it from one of the two lists.',
    });
  const offer = String(get(c, 'offer') ?? '').toLowerCase();
  for (const rule of lower(get(c, 'constraints')))
    if (rule.startsWith('no ') && offer.includes(rule.slice(3)))
      out.push({
        path: 'content.offer',
        kind: 'contradiction',
        severity: 'medium',
        message: `The offer mentions what a constraint forbids ("${rule}")`,
        suggestion: 'Rewrite the offer or drop the constraint.',
      });
  const desc = String(get(c, 'product.description') ?? '');
  if (desc && desc.length < 60)
    out.push({
      path: 'content.product.description',
      kind: 'weak',
      severity: 'low',
      message: 'The product description is very short',
      suggestion: 'Say what it does, for whom and the result.',
    });
  if (!brief.targetCompanyListId)
    out.push({
      path: 'targetCompanyListId',
      kind: 'missing',
      severity: 'low',
      message: 'No target company list linked',
      suggestion: 'Link the company list the campaign will use.',
    });
  for (const q of memory.filter((m) => m.kind === 'QUESTION'))
    out.push({
      path: typeof q.path === 'string' ? q.path : 'memory',
      kind: 'open_question',
      severity: 'medium',
      message: q.text,
      suggestion: 'Answer it and record a DECISION with why.',
    });
  return out;
}
