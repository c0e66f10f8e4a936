// Text cut for display by what a reader sees as one letter (a grapheme cluster), not by code
// point: a Devanagari conjunct ('स्टे') is one letter of four code points, and a cut inside it
// leaves a dangling virama ('क्रिकेट स्...'). Latin text counts the same either way.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The letters (grapheme clusters) of a text. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}
