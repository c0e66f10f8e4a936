// A worker thread of the import: reads (inflates), fingerprints, parses, validates and
// summarises match files, so that the thread writing to the database does nothing else.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { MatchFileError, prepareMatch } from './normalise.ts';
import type { ParseRequest, ParseResult } from './parse-pool.ts';
import { readLocation, UnreadableFileError } from './sources.ts';

function handle({ id, name, location, storedSha1 }: ParseRequest): ParseResult {
  let bytes: Buffer;
  try {
    bytes = readLocation(name, location);
  } catch (error) {
    if (error instanceof UnreadableFileError) return { id, unreadable: error.message };
    throw error;
  }
  const sha1 = createHash('sha1').update(bytes).digest('hex');
  // An unchanged file is recognised from its bytes alone, without parsing it.
  if (sha1 === storedSha1) return { id, unchanged: true };
  try {
    return { id, sha1, write: prepareMatch(name, bytes, sha1).write };
  } catch (error) {
    if (error instanceof MatchFileError) return { id, rejected: error.message };
    throw error;
  }
}

parentPort!.on('message', (request: ParseRequest) => {
  let result: ParseResult;
  try {
    result = handle(request);
  } catch (error) {
    result = { id: request.id, failed: String((error as Error).stack ?? error) };
  }
  // The innings' packed balls are handed over, not copied.
  const transfer = 'write' in result ? result.write.innings.map((inn) => inn.balls.bytes.buffer as ArrayBuffer) : [];
  parentPort!.postMessage(result, transfer);
});
