// How news shows: the spec's preview lengths, cover image URLs in their responsive sizes, the
// article's URL. Shared by the pages, the feeds and the provider API.

/** Widths each cover is re-encoded at (src/server/news/covers.ts). */
export const COVER_WIDTHS = [320, 640, 1280] as const;
export const COVER_URL_PREFIX = '/media/news/';
/** A stored cover's base name: c-<16 hex digits of the content's sha256>. */
export const COVER_NAME = /^c-[0-9a-f]{16}$/;

/** The spec's previews: heading 20 + '...' on the list; content 100 (list), 200 (home lead), 50 (home side). */
export const PREVIEW = { heading: 20, listContent: 100, leadContent: 200, sideContent: 50 } as const;

/** The first `length` characters (whole code points) of a text, with '...' when it was cut. */
export function preview(text: string, length: number): string {
  const chars = [...text.trim()];
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length).join('').trimEnd()}...`;
}

export function coverUrl(cover: string, width: (typeof COVER_WIDTHS)[number] = 1280): string {
  return `${COVER_URL_PREFIX}${cover}-${width}.webp`;
}

export function coverSrcset(cover: string): string {
  return COVER_WIDTHS.map((width) => `${coverUrl(cover, width)} ${width}w`).join(', ');
}

export function articlePath(slug: string): string {
  return `/news/${encodeURIComponent(slug)}`;
}

/** YYYY-MM-DD, as the spec shows created_at (its first 10 characters). */
export function articleDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
