// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the built client
// (dist/client), once at build time: the server sends them to browsers that accept them
// (@fastify/static preCompressed) instead of the React runtime's 210 KB raw. Copies that would
// not be smaller are skipped.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../dist/client');
const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const raw = await readFile(file);
  const brotli = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gzip = gzipSync(raw, { level: 9 });
  if (brotli.length < raw.length) await writeFile(`${file}.br`, brotli);
  if (gzip.length < raw.length) await writeFile(`${file}.gz`, gzip);
  files += 1;
  before += raw.length;
  after += Math.min(brotli.length, raw.length);
}
console.log(`precompressed ${files} client files: ${Math.round(before / 1024)} KB raw, ${Math.round(after / 1024)} KB brotli`);
