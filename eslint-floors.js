// The floors of the house (docs/architecture.md): every source file stands on one floor and imports
// only from its own floor or the floors below it. ESLint's `crease/floors` rule refuses an import
// that runs back up; tests/unit/lint/floors.test.ts runs the same check over the whole tree.
import path from 'node:path';

/** From the ground up. A file belongs to the longest prefix that names it. */
export const FLOORS = [
  { floor: 1, name: 'ground: pure rules and words', paths: ['src/server/domain/', 'src/shared/', 'src/i18n/', 'src/styles/', 'src/server/config.ts', 'src/server/logging.ts', 'src/server/errors.ts'] },
  { floor: 2, name: 'database', paths: ['src/server/db/'] },
  { floor: 3, name: 'writes and the change feed', paths: ['src/server/store/', 'src/server/feed/', 'src/server/corrections/'] },
  { floor: 4, name: 'sources, people and read models', paths: ['src/server/ingest/', 'src/server/auth/', 'src/server/account/', 'src/server/services/', 'src/server/reels/'] },
  { floor: 5, name: 'live engine and jobs', paths: ['src/server/live/', 'src/server/jobs/', 'src/server/news/', 'src/server/push/'] },
  { floor: 6, name: "wire: the provider's shapes", paths: ['src/server/wire/'] },
  { floor: 7, name: 'API, realtime and HTTP', paths: ['src/server/api/', 'src/server/realtime/', 'src/server/http/'] },
  { floor: 8, name: 'pages and browser', paths: ['src/pages/', 'src/components/', 'src/layouts/', 'src/views/', 'src/middleware.ts', 'src/env.d.ts', 'src/lib/', 'src/islands/', 'src/stores/'] },
  { floor: 9, name: 'process entry', paths: ['src/server/main.ts'] },
];

/**
 * Code that runs in the browser: it reaches the server only over HTTP and Socket.IO. `src/lib/` is
 * the browser's helpers (and those the server-drawn components share with the islands); the pages'
 * server view models are `src/views/`.
 */
const BROWSER = ['src/islands/', 'src/stores/', 'src/lib/'];
/**
 * What browser code may import from src/server: the domain (pure cricket, lint-checked to do no
 * I/O: rules live once), and any module for its types alone (erased at build; the API's schemas
 * are the contract the browser reads).
 */
const BROWSER_MAY_USE = ['src/server/domain/'];

/**
 * Imports that still run back up, each with the step of issue 25 that removes it. The floor test
 * fails when one of these is gone (take it off the list) or when any other appears.
 */
export const KNOWN_BACK_UP_IMPORTS = [
];

/** The floor of a file by its path from the repository's root, or null when no floor names it. */
export function floorOf(file) {
  let best = null;
  for (const entry of FLOORS) {
    for (const prefix of entry.paths) {
      if (file.startsWith(prefix) && (best === null || prefix.length > best.prefix.length)) best = { floor: entry.floor, name: entry.name, prefix };
    }
  }
  return best;
}

const known = new Set(KNOWN_BACK_UP_IMPORTS.map(([from, to]) => `${from}\u0000${to}`));

/**
 * Why an import of `to` by `from` (both from the root) breaks the floors, or null when it does not.
 * `typeOnly`: the import brings types alone.
 */
export function floorProblem(from, to, typeOnly) {
  const source = floorOf(from);
  const target = floorOf(to);
  if (!source || !target) return null;
  if (BROWSER.some((prefix) => from.startsWith(prefix)) && to.startsWith('src/server/') && !typeOnly && !BROWSER_MAY_USE.some((prefix) => to.startsWith(prefix))) {
    return `Browser code imports no server module (${to}); it talks to the server over HTTP and Socket.IO.`;
  }
  if (target.floor > source.floor && !known.has(`${from}\u0000${to}`)) {
    return `${from} (floor ${source.floor}, ${source.name}) imports ${to} on floor ${target.floor} (${target.name}): imports run down the floors only.`;
  }
  return null;
}

/** The repository path of what a relative specifier names, from the importing file's absolute path. */
export function resolveSpecifier(root, fromAbsolute, specifier) {
  if (!specifier.startsWith('.')) return null;
  return path.relative(root, path.resolve(path.dirname(fromAbsolute), specifier)).split(path.sep).join('/');
}

const isTypeOnly = (node) =>
  node.importKind === 'type' || node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** ESLint plugin: `crease/floors`. */
export const floorsPlugin = {
  rules: {
    floors: {
      meta: { type: 'problem', schema: [], docs: { description: 'Imports run down the floors only (eslint-floors.js).' } },
      create(context) {
        const root = context.cwd;
        const from = path.relative(root, context.filename).split(path.sep).join('/');
        const check = (node, source, typeOnly) => {
          if (typeof source?.value !== 'string') return;
          const to = resolveSpecifier(root, context.filename, source.value);
          const problem = to === null ? null : floorProblem(from, to, typeOnly);
          if (problem) context.report({ node: source, message: problem });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
          ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
          ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
          ImportExpression: (node) => check(node, node.source, false),
        };
      },
    },
  },
};
