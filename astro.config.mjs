// Astro renders the pages; the server in src/server/main.ts mounts Astro's handler
// (middleware mode) next to the provider API and Socket.IO on one port.
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  compressHTML: true,
  // Astro puts the hashes of its own inline scripts (island hydration) in a CSP header; the server
  // merges them into the site's one policy (src/server/http/security-headers.ts).
  security: { csp: true },
  build: { inlineStylesheets: 'auto' },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pg-copy-streams'] },
  },
});
