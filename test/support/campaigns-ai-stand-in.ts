import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat-completions server on 127.0.0.1 for campaign tests: it writes the
 * email from the template in the prompt (`{subject, html}`), approves audits, answers probes, answers
 * brief reviews (the brief review contract: whatever `setBriefReviewAnswer` set, default no findings),
 * and can be switched to failing (HTTP 503) to simulate a provider outage.
 */
export async function startAiStandIn() {
  let failing = false;
  let verdict: { approved: boolean; categories: string[] } = { approved: true, categories: [] };
  let briefReview = '{"findings":[]}';
  const calls: { kind: string; failed: boolean }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { messages?: { role: string; content: string }[] };
      const prompt = (body.messages ?? []).map((m) => m.content).join('\n');
      const kind = prompt.includes('Brief review contract')
        ? 'brief_review'
        : prompt.includes('Template subject:')
          ? 'render'
          : prompt.includes('"approved"')
            ? 'audit'
            : 'other';
      calls.push({ kind, failed: failing });
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return void res.writeHead(404).end();
      if (failing) return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      let content = 'ok';
      if (kind === 'render') {
        const subject = /Template subject: (.*)/.exec(prompt)?.[1] ?? 'Hello';
        const html = /Template body:\n([\s\S]*?)\nOffer:/.exec(prompt)?.[1] ?? '<p>Hello</p>';
        content = JSON.stringify({ subject: `${subject} (AI)`, html });
      } else if (kind === 'audit') content = JSON.stringify(verdict);
      else if (kind === 'brief_review') content = briefReview;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    setFailing(v: boolean) {
      failing = v;
    },
    /** What the tier-2 audit answers (default: approved). */
    setAuditVerdict(v: { approved: boolean; categories: string[] }) {
      verdict = v;
    },
    /** The completion text a brief review gets (any string: tests send invalid answers too). */
    setBriefReviewAnswer(text: string) {
      briefReview = text;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
