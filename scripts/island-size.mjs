// Gzipped size of an island as a browser loads it from the build (dist/client/_astro): its
// chunk and every chunk it imports statically (loaded before it runs), then the chunks it
// imports on demand (loaded after first paint), and Astro's React renderer client, which every
// React island of a page shares. Usage: node scripts/island-size.mjs LiveMatch [more chunks...]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = 'dist/client/_astro';
const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
const gz = (name) => gzipSync(readFileSync(join(dir, name)), { level: 9 }).length;
const source = (name) => readFileSync(join(dir, name), 'utf8');
const chunk = (prefix) => {
  const found = files.find((name) => name.startsWith(`${prefix}.`));
  if (!found) throw new Error(`no chunk ${prefix}.*.js in ${dir}: run npm run build`);
  return found;
};

function closure(entries) {
  const seen = new Set();
  const lazy = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const text = source(name);
    for (const [, dep] of text.matchAll(/(?:from|import)\s*["`]\.\/([^"`]+\.js)["`]/g)) visit(dep);
    for (const [, dep] of text.matchAll(/import\(\s*["`]\.\/([^"`]+\.js)["`]\s*\)/g)) lazy.add(dep);
  };
  entries.forEach(visit);
  return { seen, lazy: [...lazy].filter((name) => !seen.has(name)) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (names) => names.reduce((total, name) => total + gz(name), 0);
const renderer = closure([chunk('client')]).seen;
for (const island of process.argv.slice(2)) {
  const { seen, lazy } = closure([chunk(island)]);
  const own = [...seen].filter((name) => !renderer.has(name));
  const lazyOwn = [...closure(lazy).seen].filter((name) => !seen.has(name) && !renderer.has(name));
  console.log(`${island}`);
  console.log(`  island and its static imports: ${kb(sum(own))} gzipped (${own.join(', ')})`);
  console.log(`  loaded after first paint:      ${kb(sum(lazyOwn))} gzipped (${lazyOwn.join(', ')})`);
  console.log(`  React renderer (shared):       ${kb(sum([...renderer]))} gzipped`);
  console.log(`  total on a page with no other island: ${kb(sum(own) + sum(lazyOwn) + sum([...renderer]))} gzipped`);
}
