// The built site's request handler (dist/server/entry.mjs, made by `npm run build`, which
// `npm test` runs before the integration tests). Locally a test that needs it is skipped with a
// message when there is no build; in CI (CI=true) a missing build fails the run instead.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../src/server/config.ts';
import type { AstroHandler } from '../../src/server/http/app.ts';

const entry = path.resolve(import.meta.dirname, '../../dist/server/entry.mjs');

/** The Astro handler of the build, or null (skip) locally when there is none. */
export async function builtAstroHandler(what: string): Promise<AstroHandler | null> {
  if (!existsSync(entry)) {
    const reason = `no build at ${entry} (run npm run build)`;
    if (loadConfig().CI) throw new Error(`The ${what} need the built site in CI: ${reason}`);
    console.warn(`Skipping the ${what}: ${reason}.`);
    return null;
  }
  return ((await import(pathToFileURL(entry).href)) as { handler: AstroHandler }).handler;
}
