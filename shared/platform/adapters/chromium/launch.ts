import type { Config } from '../../runtime/config.js';

/**
 * Where puppeteer finds Chromium. With `chromiumPackDir` (CHROMIUM_PACK_DIR; in Lambda the Chromium
 * layer mounted at /opt, infra/aws/chromium.ts) it is @sparticuz/chromium: its brotli files are
 * unpacked into TMPDIR on the first call (~2 s, ~200 MB; reused while the sandbox lives) and launched
 * with its Lambda flags in the headless shell. Otherwise the system binary at `chromiumPath`
 * (CHROMIUM_PATH, default /usr/bin/chromium). The package is imported only on the packed path, so a
 * local run never loads it.
 */
export interface ChromiumLaunch {
  executablePath: string;
  args: string[];
  headless: true | 'shell';
  packed: boolean;
  /**
   * DevTools over a pipe (fds 3 and 4) instead of a WebSocket: Chromium exits when the pipe closes, i.e.
   * when this process dies, even by SIGKILL. Puppeteer starts it in its own process group, out of reach
   * of a kill of ours; over a WebSocket a browser outlived a killed runtime by hours.
   */
  pipe: true;
}

/** The flags every headless browser of the service runs with (crawl and PDFs), after the launch's own. */
export const HEADLESS_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * Takes the network away from the browser itself, for browsers whose pages get every byte from their
 * caller (the PDF renderer hands data: URIs in; the crawler answers each request through the outbound
 * guard with request interception). Interception alone is not enough: Chromium's own speculative
 * requests (`<link rel=prefetch|preconnect>`, speculation rules, the preconnects of `<object>`,
 * `<iframe>`, meta refresh), WebSockets and pop-ups never reach it. So every connection the browser
 * makes must go through a proxy that cannot be reached: its name is in `.invalid` and every host name
 * resolves to nothing (no DNS query leaves the host either, dns-prefetch included); Chromium's implicit
 * proxy bypass for loopback is removed (`<-loopback>`), so 127.0.0.1, ::1 and localhost go to the dead
 * proxy too, and WebRTC may not send around the proxy. A fixed proxy has no direct fallback: a request
 * that interception does not answer fails with ERR_PROXY_CONNECTION_FAILED or ERR_NAME_NOT_RESOLVED.
 */
export const NO_NETWORK_FLAGS = [
  '--proxy-server=http://svc-no-network.invalid:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export async function chromiumLaunch(cfg: Pick<Config, 'chromiumPath' | 'chromiumPackDir'>): Promise<ChromiumLaunch> {
  if (!cfg.chromiumPackDir) return { executablePath: cfg.chromiumPath, args: [], headless: true, packed: false, pipe: true };
  const { default: chromium } = await import('@sparticuz/chromium');
  // Its JS is bundled into the Lambda, so the default bin path (next to the module) does not exist: pass the layer's folder.
  return { executablePath: await chromium.executablePath(cfg.chromiumPackDir), args: chromium.args, headless: 'shell', packed: true, pipe: true };
}
