import { BedrockAi } from '../adapters/ai/bedrock.js';
import type { AiHealth, AiProvider } from '../ports/ai.js';
import { CircuitBreaker, guarded } from './breaker.js';
import { BuiltinAi } from './builtin.js';
import { OpenAiCompatible } from './openai.js';

/**
 * The process's AI provider, chosen by AI_PROVIDER (builtin | openai | bedrock; default builtin) and
 * wrapped in its circuit breaker. `aiHealth()` is the outage signal (one row per provider built).
 *   openai:  AI_BASE_URL (default https://api.openai.com/v1), AI_API_KEY (required), AI_MODEL (default gpt-4o-mini)
 *   bedrock: AI_MODEL (a Bedrock model id), AWS credentials from the Lambda role
 *   breaker: AI_BREAKER_THRESHOLD (default 5 consecutive failures), AI_BREAKER_COOLDOWN_MS (default 30 s)
 */
const breakers = new Map<string, CircuitBreaker>();
const cache = new Map<string, AiProvider>();

export function aiProvider(env: NodeJS.ProcessEnv = process.env): AiProvider {
  const name = (env.AI_PROVIDER ?? 'builtin').toLowerCase();
  const key = `${name}|${env.AI_BASE_URL ?? ''}|${env.AI_MODEL ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const raw: AiProvider =
    name === 'openai'
      ? new OpenAiCompatible(env.AI_BASE_URL ?? 'https://api.openai.com/v1', env.AI_API_KEY ?? '', env.AI_MODEL ?? 'gpt-4o-mini')
      : name === 'bedrock'
        ? new BedrockAi(env.AI_MODEL ?? 'anthropic.claude-3-haiku-20240307-v1:0')
        : new BuiltinAi();
  const breaker = breakerFor(raw.name, env);
  const provider = guarded(raw, breaker);
  cache.set(key, provider);
  return provider;
}

export function breakerFor(provider: string, env: NodeJS.ProcessEnv = process.env) {
  let b = breakers.get(provider);
  if (!b) breakers.set(provider, (b = new CircuitBreaker(provider, Number(env.AI_BREAKER_THRESHOLD) || 5, Number(env.AI_BREAKER_COOLDOWN_MS) || 30_000)));
  return b;
}

/** The outage signal: breaker state of every provider used by this process. */
export function aiHealth(): AiHealth[] {
  return [...breakers.values()].map((b) => b.health());
}

/** Parses a provider's JSON answer, tolerating a fenced block; undefined when it is not one object. */
export function parseJsonAnswer(text: string): Record<string, unknown> | undefined {
  const m = text.match(/\{[\s\S]*\}/);
  if (!m) return undefined;
  try {
    const v = JSON.parse(m[0]);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
