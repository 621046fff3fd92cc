/**
 * The ICP review prompt. Its answer must be strict JSON {score (0-10), target (boolean), target_note,
 * competitor (boolean), competitor_note, reason, letter}. The server substitutes {{url}} {{title}}
 * {{description}} {{keywords}} {{content}} ({{content}} comes from the company card: crawl first).
 * Source: `custom` (task options modules.icpreview.ai_request, non-empty), `brief` (options.brief: the
 * ICP text of the linked brief), else `default`.
 */
export const ICP_JSON_CONTRACT =
  'Answer with one JSON object only: {"score": 0-10 integer, "target": boolean, "target_note": string, "competitor": boolean, "competitor_note": string, "reason": string, "letter": string}.';

export const DEFAULT_ICP_PROMPT = `You review a company web site for a B2B outbound campaign.
Site: {{url}}
Title: {{title}}
Description: {{description}}
Keywords: {{keywords}}
Decide whether the company is a target customer and whether it is a competitor.
${ICP_JSON_CONTRACT}
Content: {{content}}`;

export function promptOf(options: Record<string, any> | undefined): { source: 'brief' | 'custom' | 'default'; template: string } {
  const custom = options?.modules?.icpreview?.ai_request;
  if (typeof custom === 'string' && custom.trim())
    return { source: 'custom', template: custom.includes('{{content}}') ? custom : `${custom}\n${ICP_JSON_CONTRACT}\nContent: {{content}}` };
  const brief = options?.brief;
  if (typeof brief === 'string' && brief.trim()) {
    return {
      source: 'brief',
      template: `Our ideal customer profile (from the brief): ${brief.trim()}\nSite: {{url}}\nTitle: {{title}}\nDescription: {{description}}\nKeywords: {{keywords}}\n${ICP_JSON_CONTRACT}\nContent: {{content}}`,
    };
  }
  return { source: 'default', template: DEFAULT_ICP_PROMPT };
}

export function renderPrompt(template: string, vars: { url: string; title: string; description: string; keywords: string; content: string }) {
  return template.replace(/\{\{(url|title|description|keywords|content)\}\}/g, (_, k: keyof typeof vars) => vars[k].slice(0, k === 'content' ? 6000 : 500));
}

export interface IcpAnswer {
  score: number;
  target: boolean;
  target_note: string;
  competitor: boolean;
  competitor_note: string;
  reason: string;
  letter: string;
}

/** Validates the strict contract; undefined when the answer does not satisfy it. */
export function icpAnswerOf(v: Record<string, unknown> | undefined): IcpAnswer | undefined {
  if (!v) return undefined;
  const ok =
    typeof v.score === 'number' &&
    v.score >= 0 &&
    v.score <= 10 &&
    typeof v.target === 'boolean' &&
    typeof v.competitor === 'boolean' &&
    ['target_note', 'competitor_note', 'reason', 'letter'].every((k) => typeof v[k] === 'string');
  return ok ? (v as unknown as IcpAnswer) : undefined;
}
