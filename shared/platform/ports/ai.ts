/**
 * The AI provider port: one completion call, used by scoring (AI_CONTENT, ICP review), creatives and
 * campaigns. Providers: `builtin` (deterministic, offline: the default and what tests use), `openai`
 * (any OpenAI-compatible chat-completions endpoint), `bedrock` (adapter in shared/platform/adapters/ai/).
 * Select with AI_PROVIDER; every call goes through a per-provider circuit breaker (shared/platform/ai/).
 */
export interface AiRequest {
  system?: string;
  prompt: string;
  /** Ask for one strict JSON object as the whole answer. */
  json?: boolean;
  /** Deadline for the whole call (default 20 s). */
  timeoutMs?: number;
  maxTokens?: number;
}

export interface AiResponse {
  text: string;
  provider: string;
  model: string;
}

export interface AiProvider {
  readonly name: string;
  readonly model: string;
  complete(req: AiRequest): Promise<AiResponse>;
}

/** Thrown when a provider cannot answer (network, timeout, bad status) or its breaker is open. */
export class AiUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly breakerOpen = false,
  ) {
    super(message);
    this.name = 'AiUnavailable';
  }
}

/** The outage signal: one row per provider used in this process. */
export interface AiHealth {
  provider: string;
  state: 'closed' | 'open' | 'half_open';
  consecutiveFailures: number;
  lastError?: string;
  openUntil?: string;
}
