import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A loopback spamd speaking the SPAMD protocol (what `spamc` and shared/mailing/content-check/spamd-client.ts
 * send): reads `<COMMAND> SPAMC/1.x`, the headers and `Content-length` bytes of message, and answers
 * `SPAMD/1.1 0 EX_OK`, `Spam: True ; 7.5 / 5.0` and, for SYMBOLS, the rule names (for REPORT, a
 * report table). Modes: `ok` (the verdict set), `error` (an EX_ code), `garbage` (not the protocol),
 * `silent` (reads, never answers). Records every request it read.
 */
export interface SpamdVerdict {
  score: number;
  required: number;
  rules: string[];
}
export async function startSpamdStandIn() {
  let mode: 'ok' | 'error' | 'garbage' | 'silent' = 'ok';
  let verdict: SpamdVerdict = { score: 7.5, required: 5, rules: ['TRIGGER_FREE_MONEY', 'HTML_MESSAGE', 'MIME_HTML_ONLY'] };
  const requests: { command: string; headers: Record<string, string>; message: string }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buf = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [line, ...rest] = buf.subarray(0, end).toString('utf8').split('\r\n');
      const headers = Object.fromEntries(rest.map((h) => [h.split(':')[0].toLowerCase(), h.slice(h.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (buf.length < end + 4 + length) return;
      const command = line.split(' ')[0];
      requests.push({ command, headers, message: buf.subarray(end + 4, end + 4 + length).toString('utf8') });
      if (mode === 'silent') return;
      if (mode === 'garbage') return void socket.end('HTTP/1.1 200 OK\r\n\r\nhello');
      if (mode === 'error') return void socket.end('SPAMD/1.0 76 Bad header line: (EX_PROTOCOL)\r\n');
      if (command === 'PING') return void socket.end('SPAMD/1.5 0 PONG\r\n');
      const spam = `Spam: ${verdict.score >= verdict.required ? 'True' : 'False'} ; ${verdict.score.toFixed(1)} / ${verdict.required.toFixed(1)}`;
      const body =
        command === 'SYMBOLS'
          ? verdict.rules.join(',')
          : command === 'REPORT'
            ? `Content analysis details:   (${verdict.score} points, ${verdict.required} required)\n\n pts rule name\n${verdict.rules.map((r) => ` 1.0 ${r}`).join('\n')}\n`
            : '';
      socket.end(`SPAMD/1.1 0 EX_OK\r\nContent-length: ${Buffer.byteLength(body)}\r\n${spam}\r\n\r\n${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    kind: 'stand-in' as const,
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    requests,
    setMode(m: typeof mode) {
      mode = m;
    },
    setVerdict(v: SpamdVerdict) {
      verdict = v;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** One PING → PONG round trip (false on any failure); bounded by `ms`. */
export function spamdPing(host: string, port: number, ms = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    let out = '';
    const timer = setTimeout(() => (s.destroy(), resolve(false)), ms);
    s.on('connect', () => s.end('PING SPAMC/1.5\r\n\r\n'));
    s.on('data', (d) => (out += d));
    s.on('error', () => (clearTimeout(timer), resolve(false)));
    s.on('close', () => (clearTimeout(timer), resolve(/ 0 PONG/.test(out))));
  });
}

const SPAMD = '/usr/sbin/spamd';

/**
 * The real spamd (Debian `spamd`, scripts/ensure-test-tools.mjs installs it as root) on a free
 * loopback port, local tests only (-L: no DNS or network rules), one child; undefined when it is not
 * installed or does not answer PING within 60 s. Stop it with `stop()` (its pid only; removes workDir).
 */
export async function startRealSpamd(workDir: string): Promise<{ kind: 'real'; host: string; port: number; stop: () => Promise<void> } | undefined> {
  if (!existsSync(SPAMD)) return undefined;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  mkdirSync(workDir, { recursive: true });
  const root = process.getuid?.() === 0;
  const args = ['-L', `--listen=127.0.0.1:${port}`, '-m', '1', '--min-children=1', '--max-spare=1', '--nouser-config', '-s', 'stderr'];
  const child: ChildProcess = spawn(SPAMD, [...args, ...(root ? ['-u', 'nobody'] : []), `--pidfile=${join(workDir, 'spamd.pid')}`], {
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => (rmSync(workDir, { recursive: true, force: true }), resolve());
      if (child.exitCode !== null || child.signalCode) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    if (await spamdPing('127.0.0.1', port)) return { kind: 'real', host: '127.0.0.1', port, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  return undefined;
}
