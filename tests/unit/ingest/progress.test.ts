// The import's progress line (scripts/import.ts on a terminal, the server's log at start-up).
import { describe, expect, it } from 'vitest';
import { ImportStatus, progressLine } from '../../../src/server/ingest/progress.ts';

describe('progressLine', () => {
  it('draws a bar, the count, the rate and the time left', () => {
    expect(progressLine({ done: 500, total: 2000 }, 10)).toBe('[######..................] 500/2000 matches, 50/s, ETA 30 s');
    expect(progressLine({ done: 2000, total: 2000 }, 20)).toBe('[########################] 2000/2000 matches, 100/s, ETA 0 s');
  });

  it('leaves the bar out for a log file, and the total when it is not known', () => {
    expect(progressLine({ done: 500, total: 2000 }, 10, false)).toBe('500/2000 matches, 50/s, ETA 30 s');
    expect(progressLine({ done: 42, total: null }, 0)).toBe('42 matches, 0/s');
  });
});

describe('ImportStatus', () => {
  it('holds the latest progress until the import finishes', () => {
    const status = new ImportStatus();
    expect(status.current()).toBeNull();
    status.update({ source: 'all_json.zip', done: 3, total: 10 });
    status.update({ source: 'all_json.zip', done: 4, total: 10 });
    expect(status.current()).toEqual({ source: 'all_json.zip', done: 4, total: 10 });
    status.finish();
    expect(status.current()).toBeNull();
  });
});
