import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import path from 'node:path';
import { freePort, waitForPort } from '../../infra/local/free-port.js';

/**
 * A real IMAP server for tests: Debian's Dovecot (installed by scripts/ensure-test-tools.mjs), run
 * in the foreground (`dovecot -F -c`) as a child with a config written to its own folder (see
 * `testServersDir`), listening on 127.0.0.1 on a free port, users in a passwd-file (add them per test
 * with `addUser`). Mail folders belong to a non-root uid (the first uid >= 1000, else the `svcmail`
 * user the ensure script creates). `dovecotPreflight` (run once by the global setup) checks that a
 * user can log in.
 * Optional XOAUTH2: `oauth2TokeninfoUrl` turns on Dovecot's oauth2 passdb, which validates the bearer
 * token against that URL (a local stand-in) — the same check a provider's IMAP server makes.
 * Stop it with `stop()` (kills the master by pid and removes the folder).
 */
export interface Dovecot {
  host: string;
  port: number;
  dir: string;
  addUser(user: string, pass: string): void;
  /** Puts a raw message into a user's INBOX (maildir new/), as local delivery would; `folder` 'Sent' files it as a provider files a submission. */
  deliver(user: string, raw: string, folder?: 'Sent'): void;
  stop(): Promise<void>;
}

export function mailUid(): { uid: number; gid: number } {
  const rows = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((l) => l.split(':'));
  const row = rows.find((f) => Number(f[2]) >= 1000 && Number(f[2]) < 65534) ?? rows.find((f) => f[0] === 'svcmail');
  if (!row) throw new Error('no non-root user for Dovecot mail folders: run scripts/ensure-test-tools.mjs as root (it creates svcmail)');
  return { uid: Number(row[2]), gid: Number(row[3]) };
}

/**
 * Where Dovecot's folders go. Its processes run as other users than the test (auth as `dovecot`, imap
 * as the mail uid, imap-login as `dovenull`) and must reach their files by path, so the folder cannot
 * be in the checkout or TMPDIR (npm test points TMPDIR into the checkout): under a home or
 * `mktemp -d` folder of mode 0700 they could not get in, and every login failed. Instead: the run's
 * folder the global setup makes (removed at its teardown, even after a crashed worker), else the
 * system's shared /tmp.
 */
export function testServersDir(): string {
  return process.env.SVC_TEST_SERVERS_DIR || '/tmp';
}

export async function startDovecot(opts: { oauth2TokeninfoUrl?: string } = {}): Promise<Dovecot> {
  const dir = mkdtempSync(path.join(testServersDir(), 'dovecot-'));
  chmodSync(dir, 0o711); // Dovecot's users may pass through, not list it
  const { uid, gid } = mailUid();
  for (const d of ['run', 'run/state', 'log', 'mail']) mkdirSync(path.join(dir, d), { recursive: true });
  chownSync(path.join(dir, 'mail'), uid, gid);
  const passwd = path.join(dir, 'passwd');
  mkdirSync(passwd);
  const port = await freePort();
  const oauth = opts.oauth2TokeninfoUrl;
  if (oauth)
    writeFileSync(path.join(dir, 'oauth2.conf.ext'), `tokeninfo_url = ${oauth}\nusername_attribute = email\nactive_attribute = active\nactive_value = true\n`);
  writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/run/state
log_path = ${dir}/log/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth ? ' xoauth2' : ''}
mail_location = maildir:${dir}/mail/%u
mail_uid = ${uid}
mail_gid = ${gid}
first_valid_uid = ${uid}
${
  oauth
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/oauth2.conf.ext
}
`
    : ''
}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}/%u
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
`,
  );
  const child: ChildProcess = spawn(process.env.DOVECOT_PATH || '/usr/sbin/dovecot', ['-F', '-c', path.join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (b) => (stderr += String(b)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([waitForPort(port, 15_000), exited.then(() => Promise.reject(new Error(`dovecot exited: ${stderr}`)))]);
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  let counter = 0;
  return {
    host: '127.0.0.1',
    port,
    dir,
    // One passwd-file per user (`passwd/%u`): Dovecot opens it on the user's first login, so a user
    // added at any moment is seen at once (a shared file re-read is subject to Dovecot's stat caching).
    addUser(user, pass) {
      if (!/^[A-Za-z0-9._@+-]+$/.test(user)) throw new Error(`unsupported test user name ${user}`);
      writeFileSync(path.join(passwd, user), `${user}:{PLAIN}${pass}:::::\n`);
    },
    deliver(user, raw, folder) {
      const base = path.join(dir, 'mail', user, folder ? `.${folder}` : ''); // Maildir++: a folder is a .Name directory
      for (const d of ['', 'new', 'cur', 'tmp']) {
        mkdirSync(path.join(base, d), { recursive: true });
        chownSync(path.join(base, d), uid, gid);
      }
      const file = path.join(base, 'new', `${Date.now()}.${process.pid}_${++counter}.test`);
      writeFileSync(file, raw.replace(/\r?\n/g, '\n'));
      chownSync(file, uid, gid);
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The run's preflight (global setup): one Dovecot, one user that logs in and opens its INBOX. A server
 * that cannot read its own files answers NO at once; this turns that into one clear error, instead of
 * every IMAP test failing with 422 imap_auth_failed.
 */
export async function dovecotPreflight(): Promise<void> {
  const dovecot = await startDovecot();
  try {
    const [user, pass] = ['svc-preflight', randomBytes(8).toString('hex')];
    dovecot.addUser(user, pass);
    const { answer, timedOut } = await imapLoginAndSelect(dovecot.port, user, pass, 60_000);
    if (/^b OK/m.test(answer)) return;
    const logFile = path.join(dovecot.dir, 'log', 'dovecot.log');
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-6).join('\n') : '(no log)';
    if (timedOut) throw new Error(`Preflight: the test Dovecot did not answer a login and SELECT INBOX within 60 s. Dovecot's log:\n${log}`);
    throw new Error(
      `Preflight: the test Dovecot cannot use its own files under ${dovecot.dir} (a login and SELECT INBOX answered ${JSON.stringify(answer.trim())}). ` +
        `Its processes run as other users (dovecot, dovenull, uid ${mailUid().uid}), so every folder above it must let others pass (o+x); ` +
        `set SVC_TEST_SERVERS_DIR to such a folder. Dovecot's log:\n${log}`,
    );
  } finally {
    await dovecot.stop();
  }
}

/** LOGIN, then SELECT INBOX; Dovecot's answer lines, bounded by `ms`. */
function imapLoginAndSelect(port: number, user: string, pass: string, ms: number): Promise<{ answer: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    let selecting = false;
    const done = (timedOut: boolean) => (clearTimeout(timer), socket.destroy(), resolve({ answer, timedOut }));
    const timer = setTimeout(() => done(true), ms);
    socket.on('connect', () => socket.write(`a LOGIN ${user} ${pass}\r\n`));
    socket.on('data', (d) => {
      answer += String(d);
      if (!selecting && /^a OK/m.test(answer)) {
        selecting = true;
        socket.write('b SELECT INBOX\r\n');
      } else if (/^(a NO|a BAD|b OK|b NO|b BAD|\* BYE)/m.test(answer)) done(false);
    });
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
  });
}
