// Vitest globalSetup of the integration project: a folder for this run's template databases
// (tests/helpers/templates.ts), given to every file with `inject('templateDir')` and removed at the end.
// Templates are made by the first file that needs them, not here, so the workers start at once.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crease-templates-'));
  project.provide('templateDir', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string;
  }
}
