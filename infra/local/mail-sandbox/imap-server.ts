import net from 'node:net';
import type { SandboxStore } from './store.js';

/**
 * A minimal IMAP4rev1 server for the local mail sandbox: LOGIN (and AUTHENTICATE PLAIN) with any
 * password opens the address's mailbox (created on first login), INBOX and Sent (`\Sent`: the copies
 * of what the address submitted over the sandbox's SMTP), SELECT/EXAMINE, SEARCH (HEADER included),
 * FETCH (UID, FLAGS, INTERNALDATE, RFC822.SIZE, BODY[] / BODY.PEEK[] / RFC822), STORE of flags,
 * NOOP, LIST, STATUS, CAPABILITY, ID, LOGOUT. Enough for imapflow's connect, mailboxOpen, search and
 * fetch, which the service uses. Why not hoodiecrow-imap: it keeps one folder tree for every user,
 * and the sandbox needs a mailbox per address. Loopback only.
 */
const CAPS = 'IMAP4rev1 AUTH=PLAIN ID LITERAL+';

export function startSandboxImap(store: SandboxStore, port = 0): Promise<net.Server> {
  const server = net.createServer((socket) => session(socket, store));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function session(socket: net.Socket, store: SandboxStore) {
  let user: string | undefined;
  let selected: 'INBOX' | 'Sent' | undefined;
  let buf = Buffer.alloc(0);
  let pending: { line: string; need: number } | undefined;
  let pendingAuth: string | undefined;
  const send = (s: string | Buffer) => socket.write(s);
  socket.on('error', () => undefined);
  socket.setTimeout(30 * 60_000, () => socket.destroy());
  send(`* OK [CAPABILITY ${CAPS}] svc local mail sandbox ready\r\n`);

  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    if (buf.length > 1_000_000) return socket.destroy();
    for (let guard = 0; guard < 1000; guard++) {
      if (pending) {
        if (buf.length < pending.need) return;
        const literal = buf.subarray(0, pending.need).toString('utf8');
        buf = buf.subarray(pending.need);
        pending = { line: pending.line + JSON.stringify(literal), need: 0 };
      }
      const nl = buf.indexOf('\r\n');
      if (nl < 0) return;
      const part = buf.subarray(0, nl).toString('utf8');
      buf = buf.subarray(nl + 2);
      const line = (pending?.line ?? '') + part;
      pending = undefined;
      const lit = /\{(\d+)(\+?)\}$/.exec(line);
      if (lit) {
        pending = { line: line.slice(0, lit.index), need: Number(lit[1]) };
        if (!lit[2]) send('+ go ahead\r\n');
        continue;
      }
      handle(line);
    }
  });

  function handle(line: string): unknown {
    if (pendingAuth) {
      const tag = pendingAuth;
      pendingAuth = undefined;
      const parts = Buffer.from(line.trim(), 'base64').toString('utf8').split('\0');
      return login(tag, parts[1] ?? '');
    }
    const [tag, rawCmd, ...rest] = tokenize(line);
    if (!tag || !rawCmd) return send(`* BAD empty command\r\n`);
    let cmd = rawCmd.toUpperCase();
    let args = rest;
    let byUid = false;
    if (cmd === 'UID') {
      byUid = true;
      cmd = (args[0] ?? '').toUpperCase();
      args = args.slice(1);
    }
    const ok = (text = `${cmd} completed`) => send(`${tag} OK ${text}\r\n`);
    switch (cmd) {
      case 'CAPABILITY':
        send(`* CAPABILITY ${CAPS}\r\n`);
        return ok();
      case 'NOOP':
      case 'CHECK':
        return ok();
      case 'ID':
        send('* ID ("name" "svc-sandbox")\r\n');
        return ok();
      case 'LOGOUT':
        send('* BYE logging out\r\n');
        ok();
        return socket.end();
      case 'LOGIN':
        return login(tag, args[0] ?? '');
      case 'AUTHENTICATE':
        if ((args[0] ?? '').toUpperCase() !== 'PLAIN') return send(`${tag} NO unsupported mechanism\r\n`);
        if (args[1]) return (handle(args[1]), undefined);
        pendingAuth = tag;
        return send('+ \r\n');
    }
    if (!user) return send(`${tag} NO log in first\r\n`);
    const folderOf = (name: string) => (name.toUpperCase() === 'INBOX' ? 'INBOX' : name === 'Sent' ? 'Sent' : undefined);
    const boxOf = (folder: 'INBOX' | 'Sent') => store.mailbox(user!, folder === 'Sent' ? 'Sent' : undefined);
    const box = boxOf(selected ?? 'INBOX');
    switch (cmd) {
      case 'LIST':
      case 'LSUB':
        if (args[1] === '') send('* LIST (\\Noselect) "/" ""\r\n');
        else send('* LIST (\\HasNoChildren) "/" "INBOX"\r\n* LIST (\\HasNoChildren \\Sent) "/" "Sent"\r\n');
        return ok();
      case 'SELECT':
      case 'EXAMINE': {
        const folder = folderOf(args[0] ?? '');
        if (!folder) return send(`${tag} NO no such mailbox\r\n`);
        selected = folder;
        const box = boxOf(folder);
        send(`* FLAGS (\\Seen \\Answered \\Flagged \\Deleted \\Draft)\r\n* ${box.messages.length} EXISTS\r\n* 0 RECENT\r\n`);
        send(
          `* OK [UIDVALIDITY ${box.uidValidity}] UIDs valid\r\n* OK [UIDNEXT ${box.uidNext}] next UID\r\n* OK [PERMANENTFLAGS (\\Seen \\Answered \\Flagged \\Deleted \\Draft)] ok\r\n`,
        );
        return ok(`[${cmd === 'EXAMINE' ? 'READ-ONLY' : 'READ-WRITE'}] ${cmd} completed`);
      }
      case 'STATUS': {
        const folder = folderOf(args[0] ?? '');
        if (!folder) return send(`${tag} NO no such mailbox\r\n`);
        const box = boxOf(folder);
        send(
          `* STATUS "${folder}" (MESSAGES ${box.messages.length} UIDNEXT ${box.uidNext} UIDVALIDITY ${box.uidValidity} UNSEEN ${box.messages.filter((m) => !m.flags.includes('\\Seen')).length})\r\n`,
        );
        return ok();
      }
      case 'CLOSE':
      case 'UNSELECT':
        selected = undefined;
        return ok();
    }
    if (!selected) return send(`${tag} NO select a mailbox first\r\n`);
    switch (cmd) {
      case 'SEARCH': {
        // Supported: ALL, UID <set>, <set>, HEADER <field> <text> (the Sent-folder check looks Message-IDs
        // up with it: never a superset); other keys match every message (a superset is safe for callers that filter).
        const uidArg = args.findIndex((a) => a.toUpperCase() === 'UID');
        const set = uidArg >= 0 ? args[uidArg + 1] : args.find((a) => /^[\d:*,]+$/.test(a));
        const headerArg = args.findIndex((a) => a.toUpperCase() === 'HEADER');
        const header = headerArg >= 0 ? { field: (args[headerArg + 1] ?? '').toLowerCase(), text: (args[headerArg + 2] ?? '').toLowerCase() } : undefined;
        const hits = box.messages
          .map((m, i) => ({ m, seq: i + 1 }))
          .filter(({ m, seq }) => !set || inSet(set, uidArg >= 0 ? m.uid : seq, uidArg >= 0 ? box.uidNext - 1 : box.messages.length))
          .filter(({ m }) => !header || headerValues(m.raw, header.field).some((v) => v.toLowerCase().includes(header.text)));
        send(`* SEARCH${hits.map((h) => ' ' + (byUid ? h.m.uid : h.seq)).join('')}\r\n`);
        return ok();
      }
      case 'FETCH': {
        const [set, ...items] = args;
        const what = items.join(' ').toUpperCase();
        const max = byUid ? box.uidNext - 1 : box.messages.length;
        box.messages.forEach((m, i) => {
          if (!inSet(set ?? '', byUid ? m.uid : i + 1, max)) return;
          const parts: (string | Buffer)[] = [`UID ${m.uid}`];
          if (what.includes('FLAGS')) parts.push(`FLAGS (${m.flags.join(' ')})`);
          if (what.includes('INTERNALDATE')) parts.push(`INTERNALDATE "${imapDate(new Date(m.receivedAt))}"`);
          if (what.includes('RFC822.SIZE')) parts.push(`RFC822.SIZE ${Buffer.byteLength(m.raw)}`);
          if (/BODY(\.PEEK)?\[\]|RFC822(?!\.)/.test(what)) {
            const raw = Buffer.from(m.raw.replace(/\r?\n/g, '\r\n'));
            parts.push(Buffer.concat([Buffer.from(`BODY[] {${raw.length}}\r\n`), raw]));
            if (!what.includes('PEEK') && !m.flags.includes('\\Seen')) m.flags.push('\\Seen');
          }
          send(
            Buffer.concat([Buffer.from(`* ${i + 1} FETCH (`), ...parts.flatMap((p, k) => [Buffer.from(k ? ' ' : ''), Buffer.from(p)]), Buffer.from(')\r\n')]),
          );
        });
        return ok();
      }
      case 'STORE': {
        const [set, mode, ...flagArgs] = args;
        const flags = flagArgs.join(' ').replace(/[()]/g, '').split(/\s+/).filter(Boolean);
        const max = byUid ? box.uidNext - 1 : box.messages.length;
        box.messages.forEach((m, i) => {
          if (!inSet(set ?? '', byUid ? m.uid : i + 1, max)) return;
          const op = (mode ?? '').toUpperCase();
          if (op.startsWith('+')) m.flags = [...new Set([...m.flags, ...flags])];
          else if (op.startsWith('-')) m.flags = m.flags.filter((f) => !flags.includes(f));
          else m.flags = flags;
          if (!op.includes('SILENT')) send(`* ${i + 1} FETCH (UID ${m.uid} FLAGS (${m.flags.join(' ')}))\r\n`);
        });
        return ok();
      }
      case 'EXPUNGE':
        return ok();
    }
    send(`${tag} BAD unsupported command ${cmd}\r\n`);
  }

  function login(tag: string, name: string) {
    const address = name.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) return send(`${tag} NO [AUTHENTICATIONFAILED] the user name must be an email address\r\n`);
    user = address;
    store.mailbox(address); // any password: the mailbox exists from the first login
    send(`${tag} OK [CAPABILITY ${CAPS}] logged in\r\n`);
  }
}

/** Splits an IMAP command line into atoms, quoted strings and parenthesised lists (kept as text). */
function tokenize(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === ' ') {
      i++;
      continue;
    }
    if (line[i] === '"') {
      let s = '';
      for (i++; i < line.length && line[i] !== '"'; i++) s += line[i] === '\\' ? line[++i] : line[i];
      out.push(s);
      i++;
    } else if (line[i] === '(') {
      let depth = 0;
      const start = i;
      for (; i < line.length; i++) {
        if (line[i] === '(') depth++;
        if (line[i] === ')' && --depth === 0) break;
      }
      out.push(line.slice(start + 1, i));
      i++;
    } else {
      const start = i;
      while (i < line.length && line[i] !== ' ') {
        if (line[i] === '[') while (i < line.length && line[i] !== ']') i++;
        i++;
      }
      out.push(line.slice(start, i));
    }
  }
  return out;
}

/** The values of a header field in a raw message's header block (unfolded). */
function headerValues(raw: string, field: string): string[] {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  return head
    .split(/\r?\n/)
    .filter((l) => l.toLowerCase().startsWith(`${field}:`))
    .map((l) => l.slice(field.length + 1).trim());
}

function inSet(set: string, n: number, max: number): boolean {
  return set.split(',').some((r) => {
    const [a, b] = r.split(':').map((x) => (x === '*' ? max : Number(x)));
    if (b === undefined) return n === a;
    return n >= Math.min(a, b) && n <= Math.max(a, b);
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const imapDate = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${d.toISOString().slice(11, 19)} +0000`;
