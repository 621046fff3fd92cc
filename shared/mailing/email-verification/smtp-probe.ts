import net from 'node:net';

export interface SmtpReply {
  code: number;
  message: string;
}

export interface ProbeOptions {
  /** The (checked) address to connect to, and the MX name for logs. */
  address: string;
  port: number;
  heloName: string;
  recipients: string[];
  /** An address that cannot exist at the domain: accepted = the server accepts everything. */
  catchAllProbe?: string;
  /** Bound of each step (connect, greeting, each command). */
  stepTimeoutMs: number;
  /** Absolute deadline (epoch ms) of the whole session. */
  deadline: number;
}

export interface ProbeResult {
  /** How far the session got: `rcpt` means the RCPT answers are meaningful. */
  stage: 'connect' | 'greeting' | 'helo' | 'mail' | 'rcpt';
  error?: 'timeout' | 'unreachable' | 'refused' | 'closed';
  reply?: SmtpReply;
  rcpt: Record<string, SmtpReply>;
  catchAll?: boolean;
}

/**
 * One SMTP session that asks the MX about recipients without sending anything:
 * greeting, EHLO (HELO fallback), MAIL FROM:<>, RCPT TO per address (+ a catch-all probe), QUIT.
 * Every step is bounded by `stepTimeoutMs` and the session by `deadline`; no DATA is ever sent.
 */
export async function smtpProbe(opts: ProbeOptions): Promise<ProbeResult> {
  const result: ProbeResult = { stage: 'connect', rcpt: {} };
  const session = new Session(opts);
  try {
    await session.connect();
    result.stage = 'greeting';
    let r = await session.read();
    if (r.code !== 220) return { ...result, error: 'refused', reply: r };
    result.stage = 'helo';
    r = await session.command(`EHLO ${opts.heloName}`);
    if (r.code >= 500) r = await session.command(`HELO ${opts.heloName}`);
    if (r.code !== 250) return { ...result, error: 'refused', reply: r };
    result.stage = 'mail';
    r = await session.command('MAIL FROM:<>');
    if (r.code !== 250) return { ...result, error: 'refused', reply: r };
    result.stage = 'rcpt';
    for (const rcpt of opts.recipients) result.rcpt[rcpt] = await session.command(`RCPT TO:<${rcpt}>`);
    if (opts.catchAllProbe && Object.values(result.rcpt).some((x) => x.code === 250 || x.code === 251)) {
      const c = await session.command(`RCPT TO:<${opts.catchAllProbe}>`);
      result.catchAll = c.code === 250 || c.code === 251;
    }
    await session.command('QUIT').catch(() => undefined);
    return result;
  } catch (e) {
    return { ...result, error: e instanceof ProbeError ? e.kind : 'unreachable' };
  } finally {
    session.close();
  }
}

class ProbeError extends Error {
  constructor(readonly kind: 'timeout' | 'unreachable' | 'closed') {
    super(kind);
  }
}

/** Line-oriented SMTP client: multi-line replies (`250-...` then `250 ...`), one waiter at a time. */
class Session {
  private socket?: net.Socket;
  private buffer = '';
  private lines: string[] = [];
  private replies: SmtpReply[] = [];
  private waiter?: { resolve: (r: SmtpReply) => void; reject: (e: Error) => void };
  private failed?: ProbeError;

  constructor(private readonly opts: ProbeOptions) {}

  private budget() {
    return Math.max(1, Math.min(this.opts.stepTimeoutMs, this.opts.deadline - Date.now()));
  }

  connect() {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new ProbeError('timeout'));
        this.close();
      }, this.budget());
      const s = net.connect({ host: this.opts.address, port: this.opts.port });
      this.socket = s;
      s.setEncoding('latin1');
      s.once('connect', () => (clearTimeout(timer), resolve()));
      s.on('data', (chunk: string) => this.onData(chunk));
      s.on('error', () => {
        clearTimeout(timer);
        this.fail(new ProbeError('unreachable'));
        reject(new ProbeError('unreachable'));
      });
      s.on('close', () => this.fail(new ProbeError('closed')));
    });
  }

  private onData(chunk: string) {
    this.buffer += chunk;
    if (this.buffer.length > 64_000) return this.fail(new ProbeError('closed'));
    let i: number;
    while ((i = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, i).replace(/\r$/, '');
      this.buffer = this.buffer.slice(i + 1);
      const m = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (!m) continue;
      this.lines.push(m[3]);
      if (m[2] !== '-') {
        this.push({ code: Number(m[1]), message: this.lines.join(' ').slice(0, 500) });
        this.lines = [];
      }
    }
  }

  private push(r: SmtpReply) {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w.resolve(r);
    } else this.replies.push(r);
  }

  private fail(e: ProbeError) {
    this.failed ??= e;
    const w = this.waiter;
    this.waiter = undefined;
    w?.reject(e);
  }

  read(): Promise<SmtpReply> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new ProbeError('timeout')), this.budget());
      this.waiter = { resolve: (r) => (clearTimeout(timer), resolve(r)), reject: (e) => (clearTimeout(timer), reject(e)) };
    });
  }

  async command(line: string): Promise<SmtpReply> {
    if (this.failed) throw this.failed;
    this.socket!.write(`${line}\r\n`);
    return this.read();
  }

  close() {
    this.socket?.destroy();
  }
}
