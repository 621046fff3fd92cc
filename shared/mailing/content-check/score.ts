/**
 * What the content rules answer (rules.ts) and the risk score of their hits: a module of its own, without
 * the rules' parsers and public suffix list, for the operations that get the hits from the `content_rules`
 * callable (remote.ts) and only score them (issue 25).
 */
/** A rule that hit: its name, severity, the points it adds to the score, what it found and how to fix it. */
export interface RuleHit {
  rule: string;
  severity: 'info' | 'warning' | 'critical';
  points: number;
  detail: string;
  fix: string;
}

export interface CheckStats {
  sizeBytes: number;
  textChars: number;
  links: number;
  images: number;
  textPerImage: number | null;
}

/** The hits' points added up, at most 100: < 20 low, < 50 medium, else high. */
export function scoreOf(hits: RuleHit[]) {
  const score = Math.min(
    100,
    hits.reduce((s, h) => s + h.points, 0),
  );
  return { score, risk: score < 20 ? 'low' : score < 50 ? 'medium' : 'high' } as const;
}
