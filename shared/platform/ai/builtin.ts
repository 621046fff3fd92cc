import { createHash } from 'node:crypto';
import type { AiProvider, AiRequest, AiResponse } from '../ports/ai.js';
import { builtinBriefReview, isBriefReview } from './builtin-brief-review.js';

/**
 * The offline provider: deterministic answers computed from the prompt (same prompt → same text), so
 * tests and a machine without keys get stable, valid output. With `json`, it answers the ICP review
 * contract `{score, target, target_note, competitor, competitor_note, reason, letter}` as strict JSON:
 * the score counts how many words of the prompt's brief/keywords also occur in its page content.
 * A system prompt naming the brief review contract gets `{findings}` instead (builtin-brief-review.ts).
 */
export class BuiltinAi implements AiProvider {
  readonly name = 'builtin';
  readonly model = 'builtin-heuristic-1';

  async complete(req: AiRequest): Promise<AiResponse> {
    const text = !req.json
      ? summary(req.prompt)
      : JSON.stringify(isBriefReview(req.system) ? builtinBriefReview(req.prompt) : icpAnswer(`${req.system ?? ''}\n${req.prompt}`));
    return { text, provider: this.name, model: this.model };
  }
}

const words = (s: string) => new Set((s.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []).slice(0, 5000));

/** Splits the prompt at a `Content:` (or `{{content}}`-substituted) marker: what is asked vs what was seen. */
function icpAnswer(prompt: string) {
  const at = prompt.search(/\bcontent\s*:/i);
  // The answer-format sentence of the contract is not part of what is asked for.
  const asked = (at >= 0 ? prompt.slice(0, at) : prompt).replace(/Answer with one JSON object only:.*$/gim, '');
  const seen = at >= 0 ? prompt.slice(at) : '';
  const wanted = words(asked.replace(/\{\{[a-z]+\}\}/g, ''));
  const present = words(seen);
  let hits = 0;
  for (const w of wanted) if (present.has(w)) hits++;
  const score = seen.trim().length < 20 ? 0 : Math.min(10, Math.round((hits / Math.max(4, Math.min(wanted.size, 40))) * 10));
  const competitor = /\bcompetitor\b/i.test(seen);
  const target = score >= 5 && !competitor;
  return {
    score,
    target,
    target_note: target ? `Matches ${hits} brief terms` : `Matches only ${hits} brief terms`,
    competitor,
    competitor_note: competitor ? 'The page calls itself a competitor' : '',
    reason: seen.trim().length < 20 ? 'no_content' : `term_overlap_${hits}`,
    letter: target ? 'Hello! We noticed your site and think our offer fits your business.' : '',
  };
}

function summary(prompt: string) {
  const h = createHash('sha256').update(prompt).digest('hex').slice(0, 8);
  const first = prompt.replace(/\s+/g, ' ').trim().slice(0, 160);
  return `[builtin ${h}] ${first}`;
}
