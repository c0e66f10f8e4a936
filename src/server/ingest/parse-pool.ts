// Worker threads that read match files and turn them into MatchWrite data (parse-worker.ts),
// so reading, parsing and validating run beside the writer instead of before it. Results come
// back as promises; the importer keeps them in source order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MatchWrite } from '../store/match-write.ts';
import type { FileLocation } from './sources.ts';

export interface ParseRequest {
  id: number;
  name: string;
  location: FileLocation;
  /** The sha1 of the stored version of this match, if any: the same bytes need no parsing. */
  storedSha1: string | undefined;
}

export type ParseResult =
  | { id: number; sha1: string; write: MatchWrite }
  | { id: number; unchanged: true }
  | { id: number; unreadable: string }
  /** The file is not a usable match (MatchFileError): reported and skipped. */
  | { id: number; rejected: string }
  /** A bug, not bad input: stops the import. */
  | { id: number; failed: string };

/**
 * One worker fewer than the cores, at least one: the writer's thread keeps a core for the
 * database engine. On two cores, with parsing made cheap (a hand-checked fast path for
 * deliveries), one worker imported the five archives in 29-32 s against 34 s with two
 * (docs/benchmarks.md).
 */
export function defaultParseThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

function startWorker(): Worker {
  // From source (tsx, tests) the worker is TypeScript; in the built server it is bundled beside main.mjs.
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? './parse-worker.ts' : './parse-worker.mjs', import.meta.url);
  return new Worker(url, fromSource ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {});
}

export class ParsePool {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, { resolve: (result: ParseResult) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private nextWorker = 0;
  private closing = false;

  constructor(threads = defaultParseThreads()) {
    this.workers = Array.from({ length: Math.max(1, threads) }, () => {
      const worker = startWorker();
      worker.on('message', (result: ParseResult) => {
        const waiting = this.pending.get(result.id);
        this.pending.delete(result.id);
        waiting?.resolve(result);
      });
      worker.on('error', (error) => this.failAll(error));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.closing) this.failAll(new Error(`parse worker exited with code ${code}`));
      });
      return worker;
    });
  }

  /** Reads and parses one file on the next worker. */
  parse(name: string, location: FileLocation, storedSha1: string | undefined): Promise<ParseResult> {
    const id = this.nextId++;
    const worker = this.workers[this.nextWorker]!;
    this.nextWorker = (this.nextWorker + 1) % this.workers.length;
    const result = new Promise<ParseResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, name, location, storedSha1 } satisfies ParseRequest);
    });
    // Whoever awaits it sees a failure; results dropped unawaited (a stopped import) must not
    // surface as unhandled rejections.
    result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
