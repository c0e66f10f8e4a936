// Bundles the server entry (src/server/main.ts) to dist/app/main.mjs, and the import's parse
// worker beside it (dist/app/parse-worker.mjs); npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', 'parse-worker': 'src/server/ingest/parse-worker.ts' },
  outdir: 'dist/app',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
