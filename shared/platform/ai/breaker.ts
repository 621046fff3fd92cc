import { AiUnavailable, type AiHealth, type AiProvider, type AiRequest } from '../ports/ai.js';

/**
 * A circuit breaker per provider: after `threshold` consecutive failures the provider is not called
 * for `coolDownMs`; then one trial call (half open) closes or re-opens it. Callers get AiUnavailable
 * at once while it is open, so a provider outage costs no timeouts per item.
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private lastError?: string;
  private trial = false;

  constructor(
    readonly provider: string,
    private readonly threshold = 5,
    private readonly coolDownMs = 30_000,
    private readonly now = () => Date.now(),
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const t = this.now();
    if (this.openUntil > t || (this.openUntil && this.trial))
      throw new AiUnavailable(this.provider, `circuit open: ${this.lastError ?? 'provider failing'}`, true);
    if (this.openUntil) this.trial = true;
    try {
      const out = await fn();
      this.failures = 0;
      this.openUntil = 0;
      this.trial = false;
      return out;
    } catch (e) {
      this.failures++;
      this.lastError = (e as Error).message.slice(0, 200);
      this.trial = false;
      if (this.failures >= this.threshold) this.openUntil = this.now() + this.coolDownMs;
      throw e instanceof AiUnavailable ? e : new AiUnavailable(this.provider, this.lastError);
    }
  }

  /** Closes the breaker (an operator's resume: the next call goes to the provider again). */
  reset() {
    this.failures = 0;
    this.openUntil = 0;
    this.trial = false;
  }

  health(): AiHealth {
    const t = this.now();
    const state = !this.openUntil ? 'closed' : this.openUntil > t ? 'open' : 'half_open';
    return {
      provider: this.provider,
      state,
      consecutiveFailures: this.failures,
      lastError: this.lastError,
      openUntil: this.openUntil ? new Date(this.openUntil).toISOString() : undefined,
    };
  }
}

/** Wraps a provider so every call passes its breaker. */
export function guarded(provider: AiProvider, breaker: CircuitBreaker): AiProvider {
  return { name: provider.name, model: provider.model, complete: (req: AiRequest) => breaker.run(() => provider.complete(req)) };
}
