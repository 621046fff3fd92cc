import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { client } from '../support/runtime.js';
import { mailedLink, open, until } from '../support/signup-flow.js';

/**
 * Issue 27 item 8: every child the runtime starts dies with it. `npm start` runs DynamoDB Local (java) and,
 * once a PDF is printed, Chromium (puppeteer starts it in its own process group). After kill -9 of the
 * runtime's process group, or of the runtime process alone, none of them may remain: the test lists
 * every descendant of the runtime before the kill (by pid and start time, so a reused pid is not
 * mistaken for a survivor) and waits, bounded, for all of them to be gone.
 */
const work = mkdtempSync(path.join(process.env.TMPDIR ?? '.tmp', 'runtime-children-'));
const dataDir = path.join(work, 'data');
const ADMIN = 'children-admin-token-0123456789abcdef';
const groups: number[] = [];
afterAll(() => {
  for (const g of groups) {
    try {
      process.kill(-g, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(work, { recursive: true, force: true });
});

/**
 * Every process the runtime starts inherits its environment, this marker included: also those that leave
 * its process tree (Chromium's crash handler daemonizes).
 */
const MARKER = `SVC_CHILDREN_TEST=${process.pid}-${Date.now()}`;

/** A process's environment; empty where it cannot be read (kernel threads, processes that ended). */
function environ(pid: string) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** pid → parent pid, start time, command line, and whether it carries MARKER, of every process (Linux /proc). */
function processTable() {
  const table = new Map<number, { ppid: number; start: string; cmd: string; marked: boolean }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      table.set(Number(name), { ppid: Number(fields[1]), start: fields[19], cmd, marked: environ(name).includes(MARKER) });
    } catch {
      // ended while listed
    }
  }
  return table;
}

/** Every descendant of `root`, with its start time. */
function descendants(root: number) {
  const table = processTable();
  const found = new Map<number, { start: string; cmd: string }>();
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [pid, p] of table) if (p.ppid === parent && !found.has(pid)) (found.set(pid, { start: p.start, cmd: p.cmd }), queue.push(pid));
  }
  return found;
}

/** The processes of `procs` still running (same pid and start time), after waiting up to `ms` for them to go. */
async function survivors(procs: Map<number, { start: string; cmd: string }>, ms: number) {
  const left = () => {
    const table = processTable();
    return [...procs].filter(([pid, p]) => table.get(pid)?.start === p.start).map(([pid, p]) => `${pid} ${p.cmd.slice(0, 160)}`);
  };
  for (let i = 0; i < ms / 200 && left().length; i++) await new Promise((r) => setTimeout(r, 200));
  return left();
}

/** `npm start` in its own process group (as a terminal runs it), up to its startup line. */
async function npmStart(): Promise<{ child: ChildProcess; url: string; runtimePid: number; javaPid: number }> {
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SVC_ADMIN_TOKEN: ADMIN,
      LIMIT_V1_RATE: 'off',
      [MARKER.split('=')[0]]: MARKER.split('=')[1],
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  groups.push(child.pid!);
  let out = '';
  const [, url, javaPid] = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no startup line: ${out}`)), 120_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s]+)[\s\S]*DynamoDB Local at http:\/\/127\.0\.0\.1:\d+ \(pid (\d+)/.exec(out);
      if (m) (clearTimeout(timer), resolve(m));
    });
  });
  // setpriv execs java: its parent is the runtime process (infra/local/main.ts).
  const runtimePid = processTable().get(Number(javaPid))!.ppid;
  expect(processTable().get(runtimePid)?.cmd).toContain('infra/local/main.ts');
  return { child, url, runtimePid, javaPid: Number(javaPid) };
}

let key = '';
/** A full account over HTTP: signup → confirm → accept terms → admin approval (once; the data folder keeps it). */
async function fullAccount(url: string) {
  const http = client(url);
  const email = 'children@example.com';
  const signup = await http.post('/v1/signup', { email, full_account: true, password: 'a-long-pass-phrase', firstName: 'Ada', org: 'Acme Ltd' });
  expect(signup.status).toBe(201);
  expect((await open(http, await mailedLink(http, email, 'confirm'))).status).toBe(200);
  expect((await open(http, await mailedLink(http, email, 'acceptTerms'))).status).toBe(200);
  const admin = client(url, { key: ADMIN });
  const pending = await until(async () =>
    ((await admin.get('/admin/api/registrations?state=awaiting_admin_approval')).body?.data as { id: string; email: string }[] | undefined)?.find(
      (r) => r.email === email,
    ),
  );
  expect((await admin.post(`/admin/api/registrations/${pending.id}/approve`, {})).status).toBe(200);
  key = signup.body.api_key;
}

/** Prints one PDF through the API: the runtime's creative worker launches Chromium for it. */
async function printPdf(url: string, n: number) {
  const api = client(url, { key });
  const creative = await api.post('/api/creatives', { name: `Offer ${n}`, type: 'ATTACHMENT', subject: 'Offer', bodyHtml: '<h1>Offer for {{firstName}}</h1>' });
  expect(creative.status).toBe(201);
  const company = await api.post('/api/companies', { name: `Northwind ${n}` });
  const contact = await api.post('/api/contacts', { firstName: 'Annabel', lastName: 'Quist', companyId: company.body.id });
  const started = await api.post(`/api/creatives/${creative.body.id}/pdf`, { contactId: contact.body.id });
  expect(started.status).toBe(202);
  const done = await until(
    async () => {
      const g = await api.get(`/api/creatives/pdf-generations/${started.body.generationId}`);
      return ['READY', 'FAILED'].includes(g.body?.status) && g.body;
    },
    { timeoutMs: 120_000, everyMs: 250 },
  );
  expect(done.status, done.error).toBe('READY');
}

describe('every child of the runtime dies with it', () => {
  for (const [how, kill] of [
    ['kill -9 of its process group', (rt: { child: ChildProcess }) => process.kill(-rt.child.pid!, 'SIGKILL')],
    ['kill -9 of the runtime process alone', (rt: { runtimePid: number }) => process.kill(rt.runtimePid, 'SIGKILL')],
  ] as const) {
    it(`${how}: no DynamoDB Local and no Chromium remain`, async () => {
      const rt = await npmStart();
      if (!key) await fullAccount(rt.url);
      await printPdf(rt.url, groups.length);
      const children = descendants(rt.runtimePid);
      const commands = [...children.values()].map((c) => c.cmd);
      expect(children.has(rt.javaPid)).toBe(true);
      const profiles = [...new Set(commands.flatMap((c) => /--user-data-dir=(\S+)/.exec(c)?.[1] ?? []))];
      expect(profiles.length).toBeGreaterThan(0); // Chromium runs
      expect(processTable().get(rt.javaPid)?.marked).toBe(true); // and the marker reaches the children

      kill(rt);
      expect(await survivors(children, 20_000)).toEqual([]);
      // Nor any process the runtime started that left its tree (Chromium's crash handler), or that names its data folder or a profile.
      const strays = () => [...processTable()].filter(([pid, p]) => pid !== process.pid && (p.marked || [dataDir, ...profiles].some((d) => p.cmd.includes(d))));
      for (let i = 0; i < 100 && strays().length; i++) await new Promise((r) => setTimeout(r, 200));
      expect(strays().map(([pid, p]) => `${pid} ${p.cmd.slice(0, 160)}`)).toEqual([]);
    }, 400_000);
  }
});
