import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/server/feed/change-feed.ts';
import { collectTagsRead } from '../../../src/server/feed/tags-read.ts';
import { tags } from '../../../src/server/feed/tags.ts';
import { TaggedCache } from '../../../src/server/services/cache.ts';

/** A load that finishes when the test says so. */
function gatedLoad<T>(value: T) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { load: async () => (await gate, value), open };
}

describe('TaggedCache', () => {
  it('memoises per key until a publication names one of its tags', async () => {
    const feed = new ChangeFeed();
    const cache = new TaggedCache(feed);
    let loads = 0;
    const scorecardOf = (key: string) => cache.get(`scorecard:${key}`, [tags.match(key)], async () => ({ key, load: ++loads }));
    const a = await scorecardOf('A');
    const b = await scorecardOf('B');
    expect(await scorecardOf('A')).toBe(a);

    await feed.publish([tags.match('A'), tags.home]);

    expect(await scorecardOf('B')).toBe(b);
    const reloaded = await scorecardOf('A');
    expect(reloaded).not.toBe(a);
    expect(reloaded).toEqual({ key: 'A', load: 3 });
  });

  it('a load that started before a publication of its tags is not kept after it', async () => {
    const feed = new ChangeFeed();
    const cache = new TaggedCache(feed);
    const stale = gatedLoad('read before the ball');
    const loading = cache.get('detail:A', [tags.match('A')], stale.load);
    await feed.publish([tags.match('A')]);
    stale.open();
    expect(await loading).toBe('read before the ball');
    expect(await cache.get('detail:A', [tags.match('A')], async () => 'read after the ball')).toBe('read after the ball');
  });

  it('a publication of other tags during a load keeps it', async () => {
    const feed = new ChangeFeed();
    const cache = new TaggedCache(feed);
    const load = gatedLoad('B');
    const loading = cache.get('detail:B', [tags.match('B')], load.load);
    await feed.publish([tags.match('A')]);
    load.open();
    await loading;
    expect(await cache.get('detail:B', [tags.match('B')], async () => 'reloaded')).toBe('B');
  });

  it('does not keep a failed load', async () => {
    const cache = new TaggedCache(new ChangeFeed());
    await expect(cache.get('k', [], async () => Promise.reject(new Error('database went away')))).rejects.toThrow('database went away');
    expect(await cache.get('k', [], async () => 'second try')).toBe('second try');
  });

  it('holds at most its size', async () => {
    const cache = new TaggedCache(new ChangeFeed(), 2);
    await cache.get('one', [], async () => 1);
    await cache.get('two', [], async () => 2);
    await cache.get('three', [], async () => 3);
    expect(await cache.get('one', [], async () => 'loaded again')).toBe('loaded again');
  });

  it('tells the work around it which tags it read, on hits and misses, across awaits', async () => {
    const cache = new TaggedCache(new ChangeFeed());
    await cache.get('warm', [tags.player('p1')], async () => 1);
    const read = new Set<string>();
    await collectTagsRead(read, async () => {
      await cache.get('warm', [tags.player('p1')], async () => 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      await cache.get('cold', [tags.tournament('t'), tags.tournaments], async () => 2);
    });
    expect([...read].sort()).toEqual(['player:p1', 'tournament:t', 'tournaments']);
  });
});
