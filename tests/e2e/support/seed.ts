// The seeds named on the command line, one after another in one process (each opens the data
// folder, writes and closes it as when run alone): one start of tsx and Node per server, not one per seed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

for (const seed of process.argv.slice(2)) await import(pathToFileURL(path.resolve(seed)).href);
