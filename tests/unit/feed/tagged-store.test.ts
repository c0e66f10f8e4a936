import { describe, expect, it } from 'vitest';
import { TaggedStore } from '../../../src/server/feed/tagged-store.ts';
import { tags } from '../../../src/server/feed/tags.ts';

describe('TaggedStore', () => {
  it('drops only the entries carrying a published tag', () => {
    const store = new TaggedStore<string>(10);
    store.set('scorecard A', 'a', [tags.match('A')]);
    store.set('info A', 'a+teams', [tags.match('A'), tags.team('india')]);
    store.set('scorecard B', 'b', [tags.match('B')]);
    store.set('info B', 'b+teams', [tags.match('B'), tags.team('australia')]);
    store.set('home', 'list', [tags.home]);

    store.invalidate([tags.match('A'), tags.team('india')]);

    expect(store.get('scorecard A')).toBeUndefined();
    expect(store.get('info A')).toBeUndefined();
    expect(store.get('scorecard B')).toBe('b');
    expect(store.get('info B')).toBe('b+teams');
    expect(store.get('home')).toBe('list');
    expect(store.size).toBe(3);
  });

  it("'all' drops everything", () => {
    const store = new TaggedStore<number>(10);
    store.set('x', 1, [tags.home]);
    store.set('y', 2, []);
    store.invalidate([tags.all]);
    expect(store.size).toBe(0);
    // The tag index was emptied too: a later entry under an old tag is dropped by it.
    store.set('x', 3, [tags.home]);
    store.invalidate([tags.home]);
    expect(store.get('x')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently used first', () => {
    const store = new TaggedStore<number>(3);
    store.set('one', 1, ['t']);
    store.set('two', 2, ['t']);
    store.set('three', 3, ['t']);
    expect(store.get('one')).toBe(1);
    store.set('four', 4, ['t']);
    expect(store.size).toBe(3);
    expect(store.get('two')).toBeUndefined();
    expect([store.get('one'), store.get('three'), store.get('four')]).toEqual([1, 3, 4]);
  });

  it('an evicted entry leaves no trace in the tag index', () => {
    const store = new TaggedStore<number>(1);
    store.set('old', 1, ['gone']);
    store.set('new', 2, ['kept']);
    // Re-adding under the evicted key with another tag: the old tag no longer reaches it.
    store.set('old', 3, ['kept']);
    store.invalidate(['gone']);
    expect(store.get('old')).toBe(3);
  });

  it('delete with a value removes the entry only while it still holds that value', () => {
    const store = new TaggedStore<string>(5);
    store.set('k', 'first', []);
    store.set('k', 'second', []);
    store.delete('k', 'first');
    expect(store.get('k')).toBe('second');
    store.delete('k', 'second');
    expect(store.get('k')).toBeUndefined();
  });
});
