// A stream to give a test's logger: every line written to it is kept, to read what was logged.
import { Writable } from 'node:stream';

export function logSink(keep: (line: string) => void = () => undefined): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = chunk.toString();
      lines.push(line);
      keep(line);
      done();
    },
  });
  return { lines, stream };
}
