/**
 * The builtin provider's answer to the brief review contract (shared/mailing/briefs/expert-ai.ts): offline,
 * deterministic heuristics that read the brief JSON line of the prompt and look for what the rule
 * floor does not: pain points the product text never addresses, target roles whose mail the
 * non-target prefixes would skip, competitors named in the copy material, a description without a
 * value proposition. Answers `{"findings": [...]}` in the contract's shape.
 */
export const BRIEF_REVIEW_CONTRACT = 'Brief review contract';
export const BRIEF_JSON_LINE = 'Brief JSON: ';

type Doc = Record<string, unknown>;
const at = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Doc)[k] : undefined), o);
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]{5,}/gu) ?? []);

export function isBriefReview(system: string | undefined) {
  return !!system?.includes(BRIEF_REVIEW_CONTRACT);
}

export function builtinBriefReview(prompt: string): { findings: Doc[] } {
  const line = prompt.split('\n').find((l) => l.startsWith(BRIEF_JSON_LINE));
  let doc: Doc;
  try {
    doc = line ? (JSON.parse(line.slice(BRIEF_JSON_LINE.length)) as Doc) : {};
  } catch {
    return { findings: [] };
  }
  const c = (doc.content ?? {}) as Doc;
  const findings: Doc[] = [];
  const pitch = ['product.description', 'product.valueProposition', 'offer'].map((p) => String(at(c, p) ?? '')).join(' ');
  const pains = strings(at(c, 'icp.painPoints'));
  const pitchWords = words(pitch);
  if (pains.length && pitch.trim() && !pains.some((p) => [...words(p)].some((w) => pitchWords.has(w))))
    findings.push({
      path: 'content.icp.painPoints',
      kind: 'weak',
      severity: 'medium',
      message: 'Neither the product description nor the offer addresses any listed pain point',
      suggestion: 'Say how the product solves the first pain point, in the description or the offer.',
    });
  const prefixes = new Set(strings(at(c, 'icp.nonTargetRoles.emailPrefixes')).map((p) => p.toLowerCase()));
  for (const role of strings(at(c, 'icp.targetRoles'))) {
    const hit = role
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .find((w) => prefixes.has(w));
    if (hit)
      findings.push({
        path: 'content.icp.nonTargetRoles.emailPrefixes',
        kind: 'contradiction',
        severity: 'high',
        message: `"${role}" is a target role, but addresses starting with "${hit}@" are skipped as non-target`,
        suggestion: `Remove "${hit}" from the non-target prefixes or drop the role.`,
      });
  }
  const material = `${pitch} ${strings(at(c, 'proofPoints')).join(' ')}`.toLowerCase();
  for (const rival of strings(at(c, 'competitors')))
    if (rival.trim().length >= 3 && material.includes(rival.toLowerCase().trim()))
      findings.push({
        path: 'content.offer',
        kind: 'weak',
        severity: 'low',
        message: `The copy material names the competitor "${rival}"`,
        suggestion: 'Compare by result, not by naming the competitor in a cold email.',
      });
  if (String(at(c, 'product.description') ?? '').trim() && !String(at(c, 'product.valueProposition') ?? '').trim())
    findings.push({
      path: 'content.product.valueProposition',
      kind: 'missing',
      severity: 'low',
      message: 'The product is described but its value proposition is not stated',
      suggestion: 'One sentence: the measurable result the reader gets.',
    });
  return { findings };
}
