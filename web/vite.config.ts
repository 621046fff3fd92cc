import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The web app's build (web/dist, hashed files, a manifest the bench reads) and its dev server
 * (`npm run dev:web`): hot reload on WEB_DEV_PORT (default 5173), with the API paths proxied to a
 * running `npm start` on PORT (default 3000). The proxy rewrites Origin to the runtime's own, since the runtime refuses
 * cookie-authenticated writes from any other origin.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const target = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const proxied = ['/api', '/v1', '/_local', '/console', '/mcp', '/.well-known', '/openapi.json'];

export default defineConfig({
  root,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // The timing notice names plugin callbacks that were slow; on a shared, busy machine it fires at every npm start.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    strictPort: false,
    proxy: Object.fromEntries(
      proxied.map((p) => [
        p,
        {
          target,
          changeOrigin: true,
          configure: (proxy) => proxy.on('proxyReq', (req) => req.getHeader('origin') && req.setHeader('origin', target)),
        },
      ]),
    ),
  },
});
