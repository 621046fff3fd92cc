import { BedrockAi } from '../adapters/ai/bedrock.js';
import type { AiProvider } from '../ports/ai.js';
import type { Config } from '../runtime/config.js';
import { CircuitBreaker, guarded } from './breaker.js';
import { BuiltinAi } from './builtin.js';
import { OpenAiCompatible } from './openai.js';

/**
 * The AI provider of a config (`deps.config.ai`: AI_PROVIDER builtin | openai | bedrock, AI_BASE_URL,
 * AI_API_KEY, AI_MODEL, AI_BREAKER_*; defaults in shared/platform/runtime/config.ts), wrapped in its circuit
 * breaker. Providers and breakers are cached by their config values, so runtimes with different
 * settings in one process (tests) never share one. A breaker's `health()` is the outage signal.
 */
const breakers = new Map<string, CircuitBreaker>();
const cache = new Map<string, AiProvider>();

export function aiProvider(ai: Config['ai']): AiProvider {
  const key = JSON.stringify([ai.provider, ai.baseUrl, ai.apiKey, ai.model, ai.breakerThreshold, ai.breakerCooldownMs]);
  const hit = cache.get(key);
  if (hit) return hit;
  const raw: AiProvider =
    ai.provider === 'openai' ? new OpenAiCompatible(ai.baseUrl, ai.apiKey, ai.model) : ai.provider === 'bedrock' ? new BedrockAi(ai.model) : new BuiltinAi();
  const provider = guarded(raw, breakerFor(raw.name, ai));
  cache.set(key, provider);
  return provider;
}

/** One breaker per provider and endpoint (base URL, model) and breaker settings. */
export function breakerFor(provider: string, ai: Config['ai']) {
  const key = JSON.stringify([provider, ai.baseUrl, ai.model, ai.breakerThreshold, ai.breakerCooldownMs]);
  let b = breakers.get(key);
  if (!b) breakers.set(key, (b = new CircuitBreaker(provider, ai.breakerThreshold, ai.breakerCooldownMs)));
  return b;
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
