// A worker thread of the import: parses, validates and summarises match files (prepareMatch)
// so that the thread writing to the database does nothing else.
import { parentPort } from 'node:worker_threads';
import { MatchFileError, prepareMatch } from './normalise.ts';
import type { ParseRequest, ParseResult } from './parse-pool.ts';

parentPort!.on('message', ({ id, name, bytes, sha1 }: ParseRequest) => {
  let result: ParseResult;
  try {
    result = { id, write: prepareMatch(name, bytes, sha1).write };
  } catch (error) {
    result = error instanceof MatchFileError ? { id, rejected: error.message } : { id, failed: String((error as Error).stack ?? error) };
  }
  parentPort!.postMessage(result);
});
