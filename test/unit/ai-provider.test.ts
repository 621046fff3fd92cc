import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BedrockAi } from '../../shared/platform/adapters/ai/bedrock.js';
import { CircuitBreaker, guarded } from '../../shared/platform/ai/breaker.js';
import { BuiltinAi } from '../../shared/platform/ai/builtin.js';
import { OpenAiCompatible } from '../../shared/platform/ai/openai.js';
import { aiProvider, parseJsonAnswer } from '../../shared/platform/ai/provider.js';
import { AiUnavailable } from '../../shared/platform/ports/ai.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';

describe('AI provider port', () => {
  it('builtin is the default, deterministic, and answers the ICP contract as strict JSON', async () => {
    const ai = aiProvider(configFromEnv({ SVC_RUNTIME: 'local' }).ai);
    expect(ai.name).toBe('builtin');
    const prompt = 'We sell fitness equipment to gyms and pools.\nContent: Our fitness club has two pools and gyms with equipment';
    const a = await ai.complete({ prompt, json: true });
    const b = await new BuiltinAi().complete({ prompt, json: true });
    expect(a.text).toBe(b.text);
    const v = JSON.parse(a.text);
    expect(Object.keys(v).sort()).toEqual(['competitor', 'competitor_note', 'letter', 'reason', 'score', 'target', 'target_note']);
    expect(v.score).toBeGreaterThanOrEqual(0);
    expect(v.score).toBeLessThanOrEqual(10);
    expect(typeof v.target).toBe('boolean');
  });

  it('openai-compatible: posts chat completions with the key, times out, and the breaker opens after failures', async () => {
    let seen: any;
    let fail = false;
    const server = http.createServer((req, res) => {
      let body = '';
      req
        .on('data', (c) => (body += c))
        .on('end', () => {
          seen = { auth: req.headers.authorization, url: req.url, body: JSON.parse(body) };
          if (fail) return res.writeHead(503).end();
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: '{"score":7}' } }] }));
        });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      const provider = new OpenAiCompatible(url, 'k-123', 'm-1');
      const out = await provider.complete({ system: 's', prompt: 'p', json: true });
      expect(out).toEqual({ text: '{"score":7}', provider: 'openai', model: 'm-1' });
      expect(seen.auth).toBe('Bearer k-123');
      expect(seen.url).toBe('/v1/chat/completions');
      expect(seen.body.response_format).toEqual({ type: 'json_object' });
      fail = true;
      const breaker = new CircuitBreaker('openai', 2, 60_000);
      const g = guarded(provider, breaker);
      await expect(g.complete({ prompt: 'p' })).rejects.toBeInstanceOf(AiUnavailable);
      await expect(g.complete({ prompt: 'p' })).rejects.toBeInstanceOf(AiUnavailable);
      expect(breaker.health().state).toBe('open');
      await expect(g.complete({ prompt: 'p' })).rejects.toMatchObject({ breakerOpen: true });
    } finally {
      server.close();
    }
  });

  it('bedrock adapter maps the Converse answer (mocked client only)', async () => {
    const ai = new BedrockAi('model-x', { converse: async (input) => ({ output: { message: { content: [{ text: `{"echo":"${input.modelId}"}` }] } } }) });
    expect(parseJsonAnswer((await ai.complete({ prompt: 'hi', json: true })).text)).toEqual({ echo: 'model-x' });
  });
});
