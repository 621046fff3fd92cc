import tls, { type DetailedPeerCertificate, type PeerCertificate } from 'node:tls';
import { reasonOf } from '../../enrichment/crawl/fetch-page.js';
import { resolveChecked } from '../../../platform/security/outbound-fetch.js';
import { ok, unavailable, type StepOutcome } from './outcome.js';

const DAY = 86_400_000;
const name = (x: PeerCertificate['issuer'] | undefined) => (x ? (x.O ?? x.CN ?? null) : null);

/**
 * SSL_CHECK: one real TLS handshake with the company's host (port 443, or the port of an https://
 * website), after the outbound guard has checked the address it connects to (no private targets).
 * The certificate is read even when it does not verify, so the result says why: `authorized`,
 * `authorizationError` (e.g. DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED), `hostnameMatches`,
 * issuer, validity and `daysToExpiry`; `valid` = verified, matching and in date. Writes only
 * stepResults. No handshake (refused, timeout, no DNS): UNAVAILABLE with the crawl's reasonCode.
 */
export async function sslCheck(
  o: { allowLoopback: boolean; dnsServers?: string[]; timeoutMs?: number },
  site: { host: string; url: string },
  now: number,
): Promise<StepOutcome> {
  const u = new URL(site.url);
  const port = u.protocol === 'https:' && u.port ? Number(u.port) : 443;
  const timeoutMs = o.timeoutMs ?? 8000;
  let cert: DetailedPeerCertificate;
  let authorized: boolean;
  let authorizationError: string | null;
  let protocol: string | null;
  try {
    const address = await resolveChecked(site.host, { url: site.url, allowLoopback: o.allowLoopback, dnsServers: o.dnsServers });
    ({ cert, authorized, authorizationError, protocol } = await handshake(address, port, site.host, timeoutMs));
  } catch (e) {
    return unavailable(reasonOf(e), { host: site.host, port });
  }
  if (!cert || !cert.valid_to) return unavailable('tls_no_certificate', { host: site.host, port });
  const validFrom = Date.parse(cert.valid_from);
  const validTo = Date.parse(cert.valid_to);
  const hostnameMatches = tls.checkServerIdentity(site.host, cert) === undefined;
  const inDate = now >= validFrom && now <= validTo;
  return ok({
    host: site.host,
    port,
    protocol,
    authorized,
    authorizationError,
    hostnameMatches,
    valid: authorized && hostnameMatches && inDate,
    subject: cert.subject?.CN ?? null,
    issuer: name(cert.issuer),
    selfSigned: cert.fingerprint256 === cert.issuerCertificate?.fingerprint256 || authorizationError === 'DEPTH_ZERO_SELF_SIGNED_CERT',
    validFrom: new Date(validFrom).toISOString(),
    validTo: new Date(validTo).toISOString(),
    daysToExpiry: Math.floor((validTo - now) / DAY),
  });
}

function handshake(address: string, port: number, servername: string, timeoutMs: number) {
  return new Promise<{ cert: DetailedPeerCertificate; authorized: boolean; authorizationError: string | null; protocol: string | null }>((resolve, reject) => {
    // rejectUnauthorized off: a bad certificate is the finding, not a failure; nothing is sent over it.
    const socket = tls.connect({ host: address, port, servername, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    const timer = setTimeout(() => socket.destroy(new Error('timeout')), timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const cert = socket.getPeerCertificate(true);
      const err = socket.authorizationError as unknown;
      resolve({
        cert,
        authorized: socket.authorized,
        authorizationError: err ? String((err as { code?: string }).code ?? err) : null,
        protocol: socket.getProtocol(),
      });
      socket.end();
    });
    socket.once('error', (e) => (clearTimeout(timer), reject(e)));
  });
}
