import { aiProvider, parseJsonAnswer } from '../../platform/ai/provider.js';
import { balanceCovers, chargeAiCall, isInsufficientBalance } from '../../workspace/billing/billing.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { CLASSIFICATIONS, type Classification } from './entities.js';

/**
 * Reply classification: builtin rules (always available, deterministic) and, when an AI provider
 * other than the builtin one is configured, the provider port (its answer is used only when it is one
 * of the seven classes with a confidence; otherwise, or when the provider is down, the rules answer).
 */
export interface ClassificationResult {
  classification: Classification;
  confidence: number;
  method: 'rules' | 'ai';
  autoReply: boolean;
}

export interface MailFacts {
  from: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

const OOO_SUBJECT = /^\s*(auto(matic)?[\s_-]*(reply|response|antwort)|out of (the )?office|abwesenheit|vacation|absence|on leave|автоответ|отпуск)\b/i;
const OOO_BODY =
  /\b(i am|i'm|i will be)\s+(currently\s+)?(out of (the )?office|away|on (vacation|holiday|leave|annual leave)|travell?ing)\b|\blimited access to (my )?e-?mail\b|\bwill (respond|reply|get back to you) (to your (message|email) )?(when|upon|after) (i|my) return\b|\bback (in the office )?on\b.{0,40}\b(monday|tuesday|wednesday|thursday|friday|\d{1,2}[./]\d{1,2}|\d{4})/i;

/** RFC 3834 `Auto-Submitted` (anything but `no`), the common vendor headers, then subject/body patterns. */
export function isAutoReply(m: MailFacts): boolean {
  const h = m.headers;
  const auto = (h['auto-submitted'] ?? '').toLowerCase().trim();
  if (auto && auto !== 'no') return true;
  if (h['x-autoreply'] || h['x-autorespond'] || h['x-autoreply-from'] || h['x-mail-autoreply']) return true;
  if (/^(auto_reply|auto-reply)$/i.test((h['precedence'] ?? '').trim())) return true;
  if (/\b(oof|autoreply)\b/i.test(h['x-auto-response-suppress'] ?? '') && OOO_SUBJECT.test(m.subject)) return true;
  return OOO_SUBJECT.test(m.subject) || OOO_BODY.test(ownText(m.text));
}

/** The new part of a reply: without quoted lines and what follows "On … wrote:" / an original-message marker. */
export function ownText(text: string): string {
  const lines = text.replace(/\r/g, '').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (/^\s*(On .{0,200} wrote:|-{2,}\s*Original Message\s*-{2,}|From:\s.+@.+|_{10,})\s*$/i.test(line)) break;
    if (/^\s*>/.test(line)) continue;
    out.push(line);
  }
  return out.join('\n').trim();
}

const RULES: [Classification, number, RegExp][] = [
  [
    'unsubscribe_request',
    0.92,
    /\b(unsubscribe|remove me|take me off|opt[\s-]?out|stop (e-?mailing|emailing|contacting|sending)|do not (e-?mail|contact)|don'?t (e-?mail|contact|write)|отпишите)\b/i,
  ],
  [
    'wrong_person',
    0.8,
    /\b(wrong (person|contact|address)|not the right (person|contact)|no longer (with|at|works?)|(has|have) left (the|our) company|not responsible for|not (my|in my) (area|department)|you (should|want to|may want to) (contact|reach|speak)|please (contact|reach out to) my colleague)\b/i,
  ],
  [
    'not_interested',
    0.85,
    /\b(not interested|no,? thanks?|no thank you|we('re| are) (all )?set|not a (good )?fit|not looking|(we|i) (will|'ll) pass|no need|we already have|not for us|не интересно)\b/i,
  ],
  [
    'later',
    0.75,
    /\b((next|in a few|in a couple of|in \d+) (weeks?|months?|quarters?|years?)|later this year|circle back|reach out (again )?(in|later|next)|not (right )?now|after (the )?(holidays?|summer|new year)|timing is(n't| not) right|(ask|ping|contact) me (again )?(in|later|next))\b/i,
  ],
  [
    'interested',
    0.82,
    /\b(interested|sounds (good|great|interesting)|tell me more|let'?s (talk|chat|meet|schedule|set up)|book a|a (quick )?call|demo|pricing|price|quote|send (me |us )?(more|details|info|the deck)|yes|happy to (talk|chat|meet)|when are you (free|available)|интересно)\b/i,
  ],
];

const BOUNCE_FROM = /^(mailer-daemon|postmaster|mail-daemon)@/i;
const BOUNCE_SUBJECT =
  /\b(undeliver(able|ed)|delivery (status notification|failure|has failed)|returned mail|failure notice|mail delivery (failed|subsystem))\b/i;

/** The builtin rules: auto-reply first, then bounces, then the classes in order (negatives before "interested"). */
export function classifyByRules(m: MailFacts): ClassificationResult {
  const autoReply = isAutoReply(m);
  if (BOUNCE_FROM.test(m.from) || BOUNCE_SUBJECT.test(m.subject)) return { classification: 'bounce', confidence: 0.9, method: 'rules', autoReply };
  if (autoReply) return { classification: 'out_of_office', confidence: 0.95, method: 'rules', autoReply };
  const own = `${m.subject.replace(/^\s*((re|aw|sv|fwd?)\s*:\s*)+/i, '')}\n${ownText(m.text)}`;
  for (const [classification, confidence, re] of RULES) if (re.test(own)) return { classification, confidence, method: 'rules', autoReply };
  // A human answer without a negative signal is a weak positive in cold outreach.
  return { classification: 'interested', confidence: 0.35, method: 'rules', autoReply };
}

/** Whether the AI provider classifies a message: one is configured (not the builtin rules) and it is no bounce (the rules know those). */
export const aiClassifies = (deps: Deps, rules: ClassificationResult) => aiProvider(deps.config.ai).name !== 'builtin' && rules.classification !== 'bounce';

/** Rules, or the configured AI provider when it is not the builtin one (falling back to the rules). */
export async function classifyMessage(deps: Deps, m: MailFacts): Promise<ClassificationResult> {
  const rules = classifyByRules(m);
  if (!aiClassifies(deps, rules)) return rules;
  return (await aiVerdict(deps, m, rules)) ?? rules;
}

/**
 * Inbox sync's classification of an incoming reply. The AI answer is paid (`ai_generation`, once per
 * message: `onceKey`), so the provider is asked only when the balance covers it; a short balance
 * classifies by the rules, free, with `aiSkipped: insufficient_balance` recorded on the message (sync
 * goes on: replies are never lost for want of credit). A provider failure or an answer outside the
 * contract costs nothing and falls back to the rules (`aiSkipped: ai_unavailable`).
 */
export async function classifyIncoming(
  deps: Deps,
  tenantId: string,
  m: MailFacts,
  charge: { refId: string; onceKey: string },
): Promise<ClassificationResult & { aiSkipped?: 'insufficient_balance' | 'ai_unavailable' }> {
  const rules = classifyByRules(m);
  if (!aiClassifies(deps, rules)) return rules;
  if (!(await balanceCovers(deps, tenantId, 'ai_generation')).ok) return { ...rules, aiSkipped: 'insufficient_balance' };
  const ai = await aiVerdict(deps, m, rules);
  if (!ai) return { ...rules, aiSkipped: 'ai_unavailable' };
  try {
    await chargeAiCall(deps, tenantId, charge.refId, charge.onceKey);
    return ai;
  } catch (e) {
    if (!isInsufficientBalance(e)) throw e;
    return { ...rules, aiSkipped: 'insufficient_balance' }; // spent meanwhile: the unpaid answer is not used
  }
}

/** The provider's class, or undefined when it failed or answered outside the contract. */
async function aiVerdict(deps: Deps, m: MailFacts, rules: ClassificationResult): Promise<ClassificationResult | undefined> {
  const provider = aiProvider(deps.config.ai);
  try {
    const answer = await provider.complete({
      system: `You classify replies to B2B cold emails. Answer with one JSON object only: {"classification": one of ${CLASSIFICATIONS.join(', ')}, "confidence": 0..1}.`,
      prompt: `From: ${m.from}\nSubject: ${m.subject}\nAuto-reply headers: ${rules.autoReply ? 'yes' : 'no'}\n\n${ownText(m.text).slice(0, 4000)}`,
      json: true,
      timeoutMs: 15_000,
      maxTokens: 100,
    });
    const v = parseJsonAnswer(answer.text);
    const c = v?.classification as Classification;
    const confidence = Number(v?.confidence);
    if (CLASSIFICATIONS.includes(c) && confidence >= 0 && confidence <= 1) return { classification: c, confidence, method: 'ai', autoReply: rules.autoReply };
  } catch (e) {
    log.warn('AI classification unavailable; rules used', { message: (e as Error).message });
  }
  return undefined;
}
