import { AiUnavailable, type AiProvider, type AiRequest, type AiResponse } from '../../ports/ai.js';

/** The slice of BedrockRuntimeClient#send(ConverseCommand) this adapter uses. */
export interface ConverseClient {
  converse(input: ConverseInput, signal: AbortSignal): Promise<{ output?: { message?: { content?: { text?: string }[] } } }>;
}
export interface ConverseInput {
  modelId: string;
  system?: { text: string }[];
  messages: { role: 'user'; content: { text: string }[] }[];
  inferenceConfig: { maxTokens: number };
}

/**
 * The real client, loaded on first use: @aws-sdk/client-bedrock-runtime is not a dependency of the
 * repository yet (add it to deploy with AI_PROVIDER=bedrock); the module name is not a static import so
 * local runs and bundles never need it.
 */
export function sdkConverseClient(): ConverseClient {
  let client: Promise<{ send(cmd: unknown, opts: unknown): Promise<any>; Cmd: new (i: unknown) => unknown }> | undefined;
  const moduleName = '@aws-sdk/client-bedrock-runtime';
  return {
    async converse(input, signal) {
      client ??= import(moduleName).then((m: any) => {
        const c = new m.BedrockRuntimeClient({});
        return { send: (cmd: unknown, opts: unknown) => c.send(cmd, opts), Cmd: m.ConverseCommand };
      });
      const c = await client;
      return c.send(new c.Cmd(input), { abortSignal: signal });
    },
  };
}

/**
 * Amazon Bedrock through the Converse API (AI_MODEL = a Bedrock model id). Only tested here against a
 * mocked ConverseClient: this machine has no Bedrock access.
 */
export class BedrockAi implements AiProvider {
  readonly name = 'bedrock';
  constructor(
    readonly model: string,
    private readonly client: ConverseClient = sdkConverseClient(),
  ) {}

  async complete(req: AiRequest): Promise<AiResponse> {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), req.timeoutMs ?? 20_000);
    try {
      const prompt = req.json ? `${req.prompt}\n\nAnswer with one JSON object only.` : req.prompt;
      const out = await this.client.converse(
        {
          modelId: this.model,
          ...(req.system ? { system: [{ text: req.system }] } : {}),
          messages: [{ role: 'user', content: [{ text: prompt }] }],
          inferenceConfig: { maxTokens: req.maxTokens ?? 800 },
        },
        ctl.signal,
      );
      const text = out.output?.message?.content?.map((c) => c.text ?? '').join('') ?? '';
      if (!text) throw new AiUnavailable(this.name, 'empty completion');
      return { text, provider: this.name, model: this.model };
    } catch (e) {
      if (e instanceof AiUnavailable) throw e;
      throw new AiUnavailable(this.name, ctl.signal.aborted ? 'timeout' : (e as Error).name);
    } finally {
      clearTimeout(timer);
    }
  }
}
