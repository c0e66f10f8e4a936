import { describe, expect, it } from 'vitest';
import { ChangeFeed, encodeMessages } from '../../../src/server/feed/change-feed.ts';
import { tags, tagsOfWrittenMatches } from '../../../src/server/feed/tags.ts';

const parse = (payload: string) => JSON.parse(payload) as { from: string; tags: string[] };

describe('encodeMessages', () => {
  it('keeps a small publication in one message', () => {
    const messages = encodeMessages('me', [tags.match('1'), tags.home], 7999);
    expect(messages.map(parse)).toEqual([{ from: 'me', tags: ['match:1', 'home'] }]);
  });

  it('splits a publication over NOTIFY-sized messages without losing or repeating a tag', () => {
    // A Test names ~30 people; a batch of 150 matches thousands of tags.
    const players = Array.from({ length: 3000 }, (_, index) => `p${String(index).padStart(7, '0')}`);
    const published = tagsOfWrittenMatches({ matches: ['1', '2'], tournaments: ['ipl-2024'], teams: ['india'], players });
    const messages = encodeMessages('c0ffee', published, 7999);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(Buffer.byteLength(message)).toBeLessThanOrEqual(7999);
    expect(messages.map(parse).flatMap((message) => message.tags)).toEqual(published);
    expect(new Set(messages.map((message) => parse(message).from))).toEqual(new Set(['c0ffee']));
  });

  it('counts bytes, not characters (Devanagari team names are 3 bytes a letter)', () => {
    const wide = Array.from({ length: 100 }, (_, index) => tags.team(`भारत-${index}`));
    const messages = encodeMessages('me', wide, 500);
    for (const message of messages) expect(Buffer.byteLength(message)).toBeLessThanOrEqual(500);
    expect(messages.map(parse).flatMap((message) => message.tags)).toEqual(wide);
  });

  it("turns a publication with a tag longer than any message into 'all'", () => {
    const messages = encodeMessages('me', [tags.home, tags.player('x'.repeat(9000))], 7999);
    expect(messages.map(parse)).toEqual([{ from: 'me', tags: ['all'] }]);
  });
});

describe('ChangeFeed in one process', () => {
  it('applies a publication to every listener at once, each tag once', async () => {
    const feed = new ChangeFeed();
    const heard: string[][] = [];
    feed.subscribe((published) => heard.push([...published]));
    const unsubscribe = feed.subscribe((published) => heard.push(['second', ...published]));
    const done = feed.publish([tags.match('7'), tags.home, tags.match('7')]);
    // Applied before publish() yields: a request right after the write sees fresh data.
    expect(heard).toEqual([
      ['match:7', 'home'],
      ['second', 'match:7', 'home'],
    ]);
    await done;
    unsubscribe();
    await feed.publish([tags.fixtures]);
    expect(heard.at(-1)).toEqual(['fixtures']);
    expect(feed.transportName).toBe('in-process');
  });

  it('a failing listener does not keep the others from hearing', async () => {
    const feed = new ChangeFeed();
    const heard: string[] = [];
    feed.subscribe(() => {
      throw new Error('broken listener');
    });
    feed.subscribe((published) => heard.push(...published));
    await feed.publish([tags.home]);
    expect(heard).toEqual(['home']);
  });
});
