// Astro's Vite config lets component tests render .astro files with the container API.
/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import SlowestFirstSequencer from './tests/helpers/slowest-first.sequencer.ts';

export default getViteConfig({
  test: {
    // The slowest integration files start first, so that the run does not end on one of them alone.
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A worker runs its files in one module graph instead of importing it again for each of
          // the 108 files: the whole project took 65 s of CPU instead of 104 s (decision 052). No
          // test mocks a module or stubs a global or the environment, which this would leak (eslint.config.js).
          isolate: false,
          // Setting up a PGlite database (open, migrate, import a few files) takes more than the
          // default 10 s when the machine's cores are shared.
          hookTimeout: 60_000,
          // The tests that import real files into PGlite take 1-2 s alone and 5-6 s on a shared
          // machine: the default 5 s fails them for the machine's load, not for their behaviour.
          testTimeout: 30_000,
          // The migrated schema made once per run and copied by each file (tests/helpers/templates.ts).
          globalSetup: ['tests/helpers/templates.global.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // As for unit files: one module graph per worker (Fastify, Kysely, the server's services
          // and the built site's handler imported once, not once per file). Each file still opens
          // its own databases, servers and clients and closes them in its afterAll.
          isolate: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Two files at a time on the 2-core CI machine (one waits on a child process, PostgreSQL or
          // Redis while the other computes); each worker has a PostgreSQL database of its own.
          maxWorkers: 2,
          setupFiles: ['tests/helpers/worker-database.setup.ts'],
          // A folder for the run's template databases (tests/helpers/templates.ts): the migrated
          // schema and the whole IPL archive are built once per run and copied by each file.
          globalSetup: ['tests/helpers/templates.global.ts'],
        },
      },
    ],
  },
});
