// An article's date as each language's pages print it: the spec's YYYY-MM-DD in English, the
// Hindi style guide's one date style on Hindi pages (issue 30 §5).
import { describe, expect, it } from 'vitest';
import { articleDate } from '../../../src/shared/news-view.ts';

describe('articleDate', () => {
  it('prints the day as the spec does in English and as the style guide does in Hindi', () => {
    const published = new Date('2025-06-03T21:14:00Z');
    expect(articleDate(published)).toBe('2025-06-03');
    expect(articleDate(published, 'en')).toBe('2025-06-03');
    expect(articleDate(published, 'hi')).toBe('3 जून 2025');
  });
});
