import { connect } from 'node:net';
import type { Config } from '../../platform/runtime/config.js';

/**
 * SpamAssassin through a spamd server, spoken to directly over TCP (the SPAMD protocol that `spamc`
 * uses: `SYMBOLS SPAMC/1.5`, `Content-length`, the message; the answer `SPAMD/1.x 0 EX_OK`,
 * `Spam: True ; 7.5 / 5.0`, and the hit rule names as the body). No binary on the machine and no
 * process per check. Off unless SPAMD_HOST is set, always off in Lambda. Every failure (off,
 * unreachable, timeout, an error code or an answer that is not the protocol) gives no report and a
 * reason: the named content rules still stand and the check never fails because of spamd.
 */
export interface SpamAssassinReport {
  score: number;
  required: number;
  isSpam: boolean;
  rules: string[];
}
export type SpamdSkipReason = 'spamd_off' | 'spamd_unreachable' | 'spamd_timeout' | 'spamd_error' | 'spamd_bad_answer' | 'message_too_large';
export type SpamdOutcome = { report: SpamAssassinReport; skipped: null } | { report: null; skipped: { reason: SpamdSkipReason; detail: string } };

/** spamc's default --max-size: spamd is not sent more. */
export const SPAMD_MAX_MESSAGE_BYTES = 500 * 1024;
const MAX_ANSWER_BYTES = 256 * 1024;

const skip = (reason: SpamdSkipReason, detail: string): SpamdOutcome => ({ report: null, skipped: { reason, detail: detail.slice(0, 300) } });

export async function spamdCheck(message: string, cfg: Config['contentCheck']): Promise<SpamdOutcome> {
  const spamd = cfg.spamd;
  if (!spamd) return skip('spamd_off', 'SPAMD_HOST is not set (always off in Lambda)');
  const body = Buffer.from(message, 'utf8');
  if (body.length > SPAMD_MAX_MESSAGE_BYTES) return skip('message_too_large', `${body.length} bytes, spamd is sent at most ${SPAMD_MAX_MESSAGE_BYTES}`);
  return new Promise<SpamdOutcome>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = (out: SpamdOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(out);
    };
    const socket = connect({ host: spamd.host, port: spamd.port });
    const timer = setTimeout(() => done(skip('spamd_timeout', `no answer from ${spamd.host}:${spamd.port} within ${spamd.timeoutMs} ms`)), spamd.timeoutMs);
    socket.on('connect', () => {
      socket.write(`SYMBOLS SPAMC/1.5\r\nContent-length: ${body.length}\r\n\r\n`);
      socket.end(body);
    });
    socket.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_ANSWER_BYTES) return done(skip('spamd_bad_answer', `answer larger than ${MAX_ANSWER_BYTES} bytes`));
      chunks.push(d);
    });
    socket.on('error', (e: NodeJS.ErrnoException) =>
      done(skip(chunks.length ? 'spamd_bad_answer' : 'spamd_unreachable', `${spamd.host}:${spamd.port}: ${e.code ?? e.message}`)),
    );
    socket.on('close', () => done(parseSpamdAnswer(Buffer.concat(chunks).toString('utf8'))));
  });
}

/** Parses a SYMBOLS answer: status line, headers (`Spam`, `Content-length`), blank line, comma-separated rule names. */
export function parseSpamdAnswer(answer: string): SpamdOutcome {
  const head = answer.split(/\r?\n\r?\n/, 1)[0];
  const [status = '', ...headers] = head.split(/\r?\n/);
  const s = /^SPAMD\/\d+\.\d+ (\d+) (.*)$/.exec(status.trim());
  if (!s) return skip('spamd_bad_answer', answer ? `not a SPAMD answer: ${status.slice(0, 80)}` : 'the connection closed without an answer');
  if (s[1] !== '0') return skip('spamd_error', `spamd answered ${s[1]} ${s[2]}`);
  const spam = headers.map((h) => /^Spam:\s*(True|False|Yes|No)\s*;\s*(-?\d+(?:\.\d+)?)\s*\/\s*(-?\d+(?:\.\d+)?)\s*$/i.exec(h.trim())).find(Boolean);
  if (!spam) return skip('spamd_bad_answer', 'no Spam: header in the answer');
  const rest = answer.slice(head.length).replace(/^\r?\n\r?\n/, '');
  const rules = rest
    .split(/[,\s]+/)
    .filter((r) => /^[A-Za-z0-9_]{2,64}$/.test(r))
    .slice(0, 200);
  return { report: { score: Number(spam[2]), required: Number(spam[3]), isSpam: /^(true|yes)$/i.test(spam[1]), rules }, skipped: null };
}
