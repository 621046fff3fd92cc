import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A tiny authoritative DNS server on 127.0.0.1 (UDP) serving fixture zones, for `DNS_SERVERS`.
 * Supports A, AAAA, MX, TXT and CNAME answers; a name with no records is NXDOMAIN, a known name without
 * the asked type is NOERROR with no answers (NODATA). Zones can change while it runs.
 *
 *   const dns = await startDnsServer({ 'acme.test': { A: ['127.0.0.1'], MX: [{ priority: 10, exchange: 'mx.acme.test' }] } });
 *   env: { DNS_SERVERS: dns.address }   // "127.0.0.1:<port>"
 */
export interface ZoneRecords {
  A?: string[];
  AAAA?: string[];
  MX?: { priority: number; exchange: string }[];
  TXT?: string[];
  CNAME?: string;
}
export type Zones = Record<string, ZoneRecords>;

export interface DnsServer {
  /** `127.0.0.1:<port>`, the form DNS_SERVERS and dns.Resolver#setServers accept. */
  address: string;
  port: number;
  zones: Zones;
  set(name: string, records: ZoneRecords): void;
  remove(name: string): void;
  /** Questions received, `<TYPE> <name>`, for assertions. */
  queries: string[];
  stop(): Promise<void>;
}

const TYPES: Record<number, keyof ZoneRecords> = { 1: 'A', 28: 'AAAA', 15: 'MX', 16: 'TXT', 5: 'CNAME' };
const norm = (name: string) => name.toLowerCase().replace(/\.$/, '');

export async function startDnsServer(initial: Zones = {}): Promise<DnsServer> {
  const zones: Zones = {};
  for (const [k, v] of Object.entries(initial)) zones[norm(k)] = v;
  const queries: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    try {
      const reply = answer(msg, zones, queries);
      if (reply) socket.send(reply, rinfo.port, rinfo.address);
    } catch {
      // A malformed packet gets no answer, like a real server would drop it.
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const port = (socket.address() as AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    zones,
    queries,
    set: (name, records) => void (zones[norm(name)] = records),
    remove: (name) => void delete zones[norm(name)],
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** Decodes one question and encodes the response (RFC 1035 4.1), without name compression. */
export function answer(msg: Buffer, zones: Zones, log: string[] = []): Buffer | undefined {
  if (msg.length < 12) return undefined;
  const id = msg.readUInt16BE(0);
  const flags = msg.readUInt16BE(2);
  if (flags & 0x8000 || msg.readUInt16BE(4) !== 1) return undefined; // responses and multi-question packets
  const { name, end } = readName(msg, 12);
  const qtype = msg.readUInt16BE(end);
  const question = msg.subarray(12, end + 4);
  log.push(`${TYPES[qtype] ?? qtype} ${name}`);

  const records = zones[norm(name)];
  const answers = records ? recordsFor(name, TYPES[qtype], zones, 0) : [];
  // QR=1, opcode copied, AA=1, RD copied, RA=1; RCODE 3 (NXDOMAIN) for unknown names.
  const rflags = 0x8000 | (flags & 0x7800) | 0x0400 | (flags & 0x0100) | 0x0080 | (records ? 0 : 3);
  const header = Buffer.concat([u16(id), u16(rflags), u16(1), u16(answers.length), u16(0), u16(0)]);
  return Buffer.concat([header, question, ...answers]);
}

/** Answer records of one type for a name, following CNAMEs inside the fixture zones (depth 8). */
function recordsFor(name: string, type: keyof ZoneRecords | undefined, zones: Zones, depth: number): Buffer[] {
  const records = zones[norm(name)];
  const answers: Buffer[] = [];
  if (records && depth < 8) {
    if (records.CNAME && type !== 'CNAME') answers.push(rr(name, 5, encodeName(records.CNAME)), ...recordsFor(records.CNAME, type, zones, depth + 1));
    else if (type === 'A') for (const ip of records.A ?? []) answers.push(rr(name, 1, Buffer.from(ip.split('.').map(Number))));
    else if (type === 'AAAA') for (const ip of records.AAAA ?? []) answers.push(rr(name, 28, ipv6(ip)));
    else if (type === 'MX') for (const mx of records.MX ?? []) answers.push(rr(name, 15, Buffer.concat([u16(mx.priority), encodeName(mx.exchange)])));
    else if (type === 'TXT') for (const t of records.TXT ?? []) answers.push(rr(name, 16, txt(t)));
    else if (type === 'CNAME' && records.CNAME) answers.push(rr(name, 5, encodeName(records.CNAME)));
  }
  return answers;
}

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  for (let guard = 0; guard < 128; guard++) {
    const len = msg[i];
    if (len === 0) return { name: labels.join('.'), end: i + 1 };
    if ((len & 0xc0) !== 0) throw new Error('compressed question names are not expected');
    labels.push(msg.toString('latin1', i + 1, i + 1 + len));
    i += len + 1;
  }
  throw new Error('name too long');
}

function encodeName(name: string): Buffer {
  const parts = norm(name)
    .split('.')
    .filter(Boolean)
    .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};

function rr(name: string, type: number, data: Buffer): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(type, 0);
  fixed.writeUInt16BE(1, 2); // class IN
  fixed.writeUInt32BE(60, 4); // TTL
  fixed.writeUInt16BE(data.length, 8);
  return Buffer.concat([encodeName(name), fixed, data]);
}

function txt(value: string): Buffer {
  const chunks: Buffer[] = [];
  const raw = Buffer.from(value, 'utf8');
  for (let i = 0; i < raw.length || i === 0; i += 255) {
    const part = raw.subarray(i, i + 255);
    chunks.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat(chunks);
}

function ipv6(ip: string): Buffer {
  const [head, tail] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups = tail !== undefined ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return Buffer.concat(groups.map((g) => u16(parseInt(g, 16))));
}
