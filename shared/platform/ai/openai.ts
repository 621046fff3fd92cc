import { AiUnavailable, type AiProvider, type AiRequest, type AiResponse } from '../ports/ai.js';

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-compatible gateways, vLLM, Ollama):
 * AI_BASE_URL (default https://api.openai.com/v1), AI_API_KEY, AI_MODEL. Plain fetch with an abort
 * deadline; `json` asks for `response_format: json_object`. The key is never logged.
 */
export class OpenAiCompatible implements AiProvider {
  readonly name = 'openai';
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    readonly model: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async complete(req: AiRequest): Promise<AiResponse> {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), req.timeoutMs ?? 20_000);
    try {
      const res = await this.fetchImpl(`${this.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        signal: ctl.signal,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
        body: JSON.stringify({
          model: this.model,
          max_tokens: req.maxTokens ?? 800,
          messages: [...(req.system ? [{ role: 'system', content: req.system }] : []), { role: 'user', content: req.prompt }],
          ...(req.json ? { response_format: { type: 'json_object' } } : {}),
        }),
      });
      if (!res.ok) throw new AiUnavailable(this.name, `HTTP ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      const text = body.choices?.[0]?.message?.content;
      if (typeof text !== 'string') throw new AiUnavailable(this.name, 'no completion in answer');
      return { text, provider: this.name, model: this.model };
    } catch (e) {
      if (e instanceof AiUnavailable) throw e;
      throw new AiUnavailable(this.name, ctl.signal.aborted ? 'timeout' : (e as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }
}
