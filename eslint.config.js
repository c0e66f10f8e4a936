import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import { floorsPlugin } from './eslint-floors.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.astro/', 'test-results/', 'playwright-report/', 'tests/.tmp/'] },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every source file stands on a floor and imports only downwards (eslint-floors.js, docs/architecture.md).
    files: ['src/**/*.{ts,tsx,astro,mjs,js}'],
    plugins: { crease: floorsPlugin },
    rules: { 'crease/floors': 'error' },
  },
  {
    // The domain is pure cricket rules: other layers import it, never the reverse
    // (docs/decisions/018-domain-layering-and-read-models.md).
    files: ['src/server/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(services|db|api|wire|store|feed|ingest|http|realtime|live|auth|jobs|push|news|reels|corrections|account)(/|$)|^\\.\\./\\.\\./',
              message: 'The domain imports nothing from services, database, API, store or any other layer.',
            },
            {
              regex: '^(kysely|pg|@electric-sql/pglite|fastify|socket\\.io|ioredis|redis|node:)',
              message: 'The domain does no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // Unit and integration files share a worker's module graph (vitest.config.ts, isolate: false): a mocked module,
    // a stubbed global or environment would reach the files run after it.
    files: ['tests/unit/**', 'tests/integration/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'Test files share their module graph (isolate: false): pass the dependency in instead.',
        })),
      ],
    },
  },
);
