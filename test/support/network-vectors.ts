import net from 'node:net';

/**
 * Ways an HTML document can make a browser open a connection, each aimed at its own loopback
 * listener (a port per vector, so a connection names the vector that made it). `html(url, port)`
 * gets `http://<host>:<port>/v/<name>` and the port; a vector's markup must need nothing but that.
 * Script vectors are listed too: a renderer that runs no script must still hold if it ever did.
 */
export interface NetworkVector {
  name: string;
  /** '::1' for the IPv6 loopback vectors; 127.0.0.1 otherwise. */
  host?: '127.0.0.1' | '::1';
  html(url: string, port: number): string;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

export const NETWORK_VECTORS: NetworkVector[] = [
  { name: 'link-prefetch', html: (u) => `<link rel="prefetch" href="${u}?action=delete&amp;id=1">` },
  { name: 'link-preconnect', html: (u) => `<link rel="preconnect" href="${u}">` },
  { name: 'link-preload-image', html: (u) => `<link rel="preload" as="image" href="${u}">` },
  { name: 'link-preload-fetch', html: (u) => `<link rel="preload" as="fetch" crossorigin href="${u}">` },
  { name: 'link-preload-font', html: (u) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${u}">` },
  { name: 'link-modulepreload', html: (u) => `<link rel="modulepreload" href="${u}">` },
  { name: 'link-dns-prefetch', html: (_u, p) => `<link rel="dns-prefetch" href="//vector-dns.localhost:${p}/">` },
  { name: 'link-preconnect-localhost', html: (_u, p) => `<link rel="preconnect" href="http://localhost:${p}/">` },
  { name: 'link-prefetch-localhost', html: (_u, p) => `<link rel="prefetch" href="http://localhost:${p}/v/link-prefetch-localhost">` },
  { name: 'link-prefetch-https', html: (_u, p) => `<link rel="prefetch" href="https://127.0.0.1:${p}/v/link-prefetch-https">` },
  { name: 'link-prefetch-ipv6', host: '::1', html: (u) => `<link rel="prefetch" href="${u}">` },
  { name: 'link-preconnect-ipv6', host: '::1', html: (u) => `<link rel="preconnect" href="${u}">` },
  { name: 'link-prerender', html: (u) => `<link rel="prerender" href="${u}">` },
  { name: 'link-stylesheet', html: (u) => `<link rel="stylesheet" href="${u}">` },
  { name: 'link-icon', html: (u) => `<link rel="icon" href="${u}">` },
  { name: 'link-manifest', html: (u) => `<link rel="manifest" href="${u}">` },
  { name: 'speculation-rules', html: (u) => `<script type="speculationrules">{"prefetch":[{"source":"list","urls":["${u}"]}]}</script>` },
  { name: 'img-src', html: (u) => `<img src="${u}">` },
  { name: 'img-slash-src', html: (u) => `<img/src="${u}">` },
  { name: 'img-srcset', html: (u) => `<img srcset="${u} 1x, ${u}?2 2x">` },
  { name: 'img-lazy', html: (u) => `<div style="height:3000px"></div><img loading="lazy"/src="${u}">` },
  { name: 'picture-source', html: (u) => `<picture><source srcset="${u}"><img src="${GIF}"></picture>` },
  { name: 'input-image', html: (u) => `<input type="image" src="${u}">` },
  { name: 'object-data', html: (u) => `<object data="${u}"></object>` },
  { name: 'object-data-html', html: (u) => `<object data="data:text/html,${attr(`<img src='${u}'>`)}"></object>` },
  { name: 'embed-src', html: (u) => `<embed src="${u}">` },
  { name: 'iframe-src', html: (u) => `<iframe src="${u}"></iframe>` },
  { name: 'iframe-srcdoc', html: (u) => `<iframe srcdoc="${attr(`<link rel="prefetch" href="${u}"><img src="${u}?img">`)}"></iframe>` },
  { name: 'iframe-data-url', html: (u) => `<iframe src="data:text/html,${attr(`<link rel='prefetch' href='${u}'>`)}"></iframe>` },
  { name: 'base-href', html: (u) => `<base href="${u}/"><img/src="pic.png"><link rel="prefetch" href="next"><a href="x">x</a>` },
  { name: 'css-background', html: (u) => `<div style="width:20px;height:20px;background-image:url(${u})"></div>` },
  { name: 'css-image-set', html: (u) => `<div style="width:20px;height:20px;background-image:image-set(url(${u}) 1x)"></div>` },
  { name: 'css-list-style', html: (u) => `<ul style="list-style-image:url(${u})"><li>x</li></ul>` },
  { name: 'css-border-image', html: (u) => `<div style="border:5px solid;border-image:url(${u}) 30 round">x</div>` },
  { name: 'css-import', html: (u) => `<style>@import url("${u}");</style>` },
  { name: 'css-font-face', html: (u) => `<style>@font-face { font-family: v; src: url("${u}"); } p { font-family: v; }</style><p>text</p>` },
  { name: 'meta-refresh', html: (u) => `<meta http-equiv="refresh" content="0;url=${u}">` },
  { name: 'script-src', html: (u) => `<script src="${u}"></script>` },
  { name: 'script-fetch', html: (u) => `<script>fetch("${u}")</script>` },
  { name: 'script-xhr', html: (u) => `<script>var x = new XMLHttpRequest(); x.open("GET", "${u}"); x.send();</script>` },
  { name: 'script-websocket', html: (_u, p) => `<script>new WebSocket("ws://127.0.0.1:${p}/v/ws")</script>` },
  { name: 'script-eventsource', html: (u) => `<script>new EventSource("${u}")</script>` },
  { name: 'script-beacon', html: (u) => `<script>navigator.sendBeacon("${u}", "x")</script>` },
  { name: 'script-window-open', html: (u) => `<script>window.open("${u}")</script>` },
  { name: 'script-location', html: (u) => `<script>location.href = "${u}"</script>` },
  { name: 'svg-script-location', html: (u) => `<svg><script>location.href = "${u}"</script></svg>` },
  {
    name: 'form-autosubmit',
    html: (u) => `<form id="f" action="${u}" method="post"><input name="a" value="1"></form><script>document.getElementById("f").submit()</script>`,
  },
  { name: 'body-onload', html: (u) => `<body onload="fetch('${u}')"><p>x</p></body>` },
  { name: 'img-onerror', html: (u) => `<img src="x:" onerror="fetch('${u}')">` },
  { name: 'video-poster', html: (u) => `<video poster="${u}" width="20" height="20"></video>` },
  { name: 'video-src', html: (u) => `<video src="${u}" preload="auto"></video>` },
  { name: 'video-source', html: (u) => `<video preload="auto"><source src="${u}"></video>` },
  { name: 'video-track', html: (u) => `<video preload="auto"><track kind="subtitles" default src="${u}"></video>` },
  { name: 'audio-src', html: (u) => `<audio src="${u}" preload="auto"></audio>` },
  { name: 'svg-image-href', html: (u) => `<svg width="20" height="20"><image href="${u}" width="20" height="20"/></svg>` },
  { name: 'svg-image-xlink', html: (u) => `<svg width="20" height="20"><image xlink:href="${u}" width="20" height="20"/></svg>` },
  { name: 'svg-use', html: (u) => `<svg width="20" height="20"><use href="${u}#a"/></svg>` },
  {
    name: 'svg-feimage',
    html: (u) => `<svg width="20" height="20"><filter id="f"><feImage href="${u}"/></filter><rect width="20" height="20" filter="url(#f)"/></svg>`,
  },
  { name: 'body-background', html: (u) => `<body background="${u}"><p>x</p></body>` },
  { name: 'table-background', html: (u) => `<table background="${u}"><tr><td>x</td></tr></table>` },
];

export interface VectorListeners {
  /** `http://<host>:<port>/v/<name>` of the vector's own listener. */
  url(name: string): string;
  port(name: string): number;
  /** Connections per vector name (names with none are absent), each with the head it sent (request line and headers), if any. */
  connections(): Map<string, string[]>;
  stop(): Promise<void>;
}

/**
 * One TCP listener per vector on loopback. Every accepted connection is counted before a byte is
 * read (a preconnect sends none); an HTTP request gets a short 200 and the connection is closed.
 */
export async function startVectorListeners(vectors: NetworkVector[]): Promise<VectorListeners> {
  const servers = new Map<string, { server: net.Server; port: number; host: string }>();
  const seen = new Map<string, string[]>();
  const sockets = new Set<net.Socket>();
  for (const v of vectors) {
    const host = v.host ?? '127.0.0.1';
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      const lines = seen.get(v.name) ?? [];
      seen.set(v.name, lines);
      const index = lines.push('(no bytes)') - 1;
      socket.on('error', () => undefined);
      socket.once('data', (chunk) => {
        lines[index] = chunk.toString('latin1').split('\r\n\r\n')[0].slice(0, 600);
        socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      });
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, () => resolve()));
    servers.set(v.name, { server, host, port: (server.address() as net.AddressInfo).port });
  }
  const get = (name: string) => {
    const s = servers.get(name);
    if (!s) throw new Error(`no listener for vector ${name}`);
    return s;
  };
  return {
    url: (name) => {
      const s = get(name);
      return `http://${s.host === '::1' ? '[::1]' : s.host}:${s.port}/v/${name}`;
    },
    port: (name) => get(name).port,
    connections: () => new Map([...seen].filter(([, l]) => l.length > 0)),
    stop: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all([...servers.values()].map(({ server }) => new Promise<void>((r) => server.close(() => r()))));
    },
  };
}

/**
 * Who sent a TLS ClientHello: Chromium (BoringSSL) always offers GREASE cipher suites (RFC 8701:
 * 0x0a0a, 0x1a1a … 0xfafa), Node's OpenSSL never does. Read from the hello's cipher suite list.
 */
export function tlsClient(head: string): 'chromium' | 'node' | undefined {
  const b = Buffer.from(head, 'latin1');
  if (b[0] !== 0x16 || b[5] !== 0x01 || b.length < 44) return undefined;
  const suitesAt = 44 + b[43]; // record (5) + handshake header (4) + version (2) + random (32), then the session id
  const count = b.readUInt16BE(suitesAt) / 2;
  for (let i = 0; i < count && suitesAt + 4 + 2 * i <= b.length; i++) {
    const suite = b.readUInt16BE(suitesAt + 2 + 2 * i);
    if ((suite & 0x0f0f) === 0x0a0a && suite >> 12 === ((suite >> 4) & 0xf)) return 'chromium';
  }
  return 'node';
}

/** A connection's head in one short line: the request line, `(no bytes)`, or `(TLS hello by …)`. */
export const firstLine = (head: string) => {
  const tls = tlsClient(head);
  return tls ? `(TLS hello by ${tls})` : head.split('\r\n')[0].slice(0, 120);
};

/** The vector's markup aimed at its listener. */
export const vectorHtml = (v: NetworkVector, l: VectorListeners) => v.html(l.url(v.name), l.port(v.name));
