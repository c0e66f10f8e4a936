import { describe, expect, it } from 'vitest';
import { DISMISSAL_KINDS, dismissalKindLabel, dismissalText, notationName, type DismissalInput } from '../../../src/server/domain/dismissal.ts';

const fielder = (name: string | null, substitute = false) => ({ name, substitute });
const out = (kind: DismissalInput['kind'], bowler: string | null, fielders: DismissalInput['fielders'] = []): DismissalInput => ({
  kind,
  bowler,
  fielders,
});

describe('dismissalText (English)', () => {
  it.each<[string, DismissalInput, string]>([
    ['not out', out(null, null), 'not out'],
    ['bowled', out('bowled', 'Z Khan'), 'b Z Khan'],
    ['lbw', out('lbw', 'Z Khan'), 'lbw b Z Khan'],
    ['caught', out('caught', 'Z Khan', [fielder('JH Kallis')]), 'c JH Kallis b Z Khan'],
    ['caught and bowled', out('caught and bowled', 'Z Khan'), 'c & b Z Khan'],
    ['caught by a named substitute', out('caught', 'Z Khan', [fielder('R Sharma', true)]), 'c sub (R Sharma) b Z Khan'],
    ['caught by an unnamed substitute', out('caught', 'Z Khan', [fielder(null, true)]), 'c sub b Z Khan'],
    ['caught with no catcher recorded', out('caught', 'Z Khan'), 'caught b Z Khan'],
    ['stumped', out('stumped', 'A Kumble', [fielder('MS Dhoni')]), 'st MS Dhoni b A Kumble'],
    ['run out by one fielder', out('run out', null, [fielder('RA Jadeja')]), 'run out (RA Jadeja)'],
    ['run out by two fielders', out('run out', null, [fielder('RA Jadeja'), fielder('MS Dhoni')]), 'run out (RA Jadeja/MS Dhoni)'],
    ['run out by a substitute', out('run out', null, [fielder('R Sharma', true)]), 'run out (sub (R Sharma))'],
    ['run out with no fielder recorded', out('run out', null), 'run out'],
    ['hit wicket', out('hit wicket', 'Z Khan'), 'hit wicket b Z Khan'],
    ['retired hurt', out('retired hurt', null), 'retired hurt'],
    ['retired out', out('retired out', null), 'retired out'],
    ['retired not out', out('retired not out', null), 'retired not out'],
    ['obstructing the field', out('obstructing the field', null), 'obstructing the field'],
    ['handled the ball', out('handled the ball', null), 'handled the ball'],
    ['hit the ball twice', out('hit the ball twice', null), 'hit the ball twice'],
    ['timed out', out('timed out', null), 'timed out'],
  ])('%s', (_name, input, expected) => {
    expect(dismissalText(input)).toBe(expected);
  });

  it('never invents a bowler: a missing one drops the " b Bowler" part', () => {
    expect(dismissalText(out('bowled', null))).toBe('bowled');
    expect(dismissalText(out('lbw', null))).toBe('lbw');
    expect(dismissalText(out('caught', null, [fielder('JH Kallis')]))).toBe('c JH Kallis');
    expect(dismissalText(out('stumped', 'A Kumble'))).toBe('stumped b A Kumble');
  });

  it('ignores a bowler passed with kinds that are not credited to one', () => {
    expect(dismissalText(out('run out', 'Z Khan', [fielder('RA Jadeja')]))).toBe('run out (RA Jadeja)');
    expect(dismissalText(out('retired hurt', 'Z Khan'))).toBe('retired hurt');
  });
});

describe('dismissalText (Hindi newspaper notation, docs/hindi-style-guide.md)', () => {
  it('writes का. / बो. / पगबाधा / स्टं. / का. व बो., naming a Devanagari name by its last word', () => {
    expect(dismissalText(out('caught', 'काइल जेमिसन', [fielder('श्रेयस अय्यर')]), 'hi')).toBe('का. अय्यर बो. जेमिसन');
    expect(dismissalText(out('lbw', 'काइल जेमिसन'), 'hi')).toBe('पगबाधा बो. जेमिसन');
    expect(dismissalText(out('caught and bowled', 'काइल जेमिसन'), 'hi')).toBe('का. व बो. जेमिसन');
    expect(dismissalText(out('bowled', 'ज़हीर ख़ान'), 'hi')).toBe('बो. ख़ान');
    expect(dismissalText(out('stumped', 'अनिल कुंबले', [fielder('महेंद्र सिंह धोनी')]), 'hi')).toBe('स्टं. धोनी बो. कुंबले');
    expect(dismissalText(out('caught', 'अनिल कुंबले', [fielder('रोहित शर्मा', true)]), 'hi')).toBe('का. स्थानापन्न (शर्मा) बो. कुंबले');
    expect(dismissalText(out('hit wicket', 'ज़हीर ख़ान'), 'hi')).toBe('हिट विकेट बो. ख़ान');
  });

  it('tells apart two players of one surname: the first word, or the whole name when that is shared too', () => {
    // The IPL 2025 final: three Singhs for Punjab Kings, two Sharmas for Bengaluru.
    const matchNames = ['अर्शदीप सिंह', 'शशांक सिंह', 'प्रभसिमरन सिंह', 'युजवेंद्र चहल', 'जितेश शर्मा', 'सुयश शर्मा', 'मयंक अग्रवाल'];
    const final = (input: DismissalInput) => dismissalText({ ...input, matchNames }, 'hi');
    expect(final(out('caught', 'युजवेंद्र चहल', [fielder('शशांक सिंह')]))).toBe('का. शशांक बो. चहल');
    expect(final(out('lbw', 'अर्शदीप सिंह'))).toBe('पगबाधा बो. अर्शदीप');
    expect(final(out('stumped', 'युजवेंद्र चहल', [fielder('जितेश शर्मा')]))).toBe('स्टं. जितेश बो. चहल');
    expect(final(out('caught', 'युजवेंद्र चहल', [fielder('मयंक अग्रवाल')]))).toBe('का. अग्रवाल बो. चहल');
    // Alone in the match, a surname is enough.
    expect(dismissalText(out('lbw', 'अर्शदीप सिंह'), 'hi')).toBe('पगबाधा बो. सिंह');
    // The first word shared as well: the whole name.
    expect(notationName('मोहम्मद सिराज', 'hi', ['मोहम्मद सिराज', 'मोहम्मद शमी', 'अकील सिराज'])).toBe('मोहम्मद सिराज');
    expect(notationName('Arshdeep Singh', 'en', matchNames)).toBe('Arshdeep Singh');
  });

  it('keeps a name with no Hindi form whole, and the notation Hindi', () => {
    expect(dismissalText(out('caught', 'Z Khan', [fielder('JH Kallis')]), 'hi')).toBe('का. JH Kallis बो. Z Khan');
    expect(dismissalText(out('run out', null, [fielder('RA Jadeja'), fielder('महेंद्र सिंह धोनी')]), 'hi')).toBe('रन आउट (RA Jadeja/धोनी)');
  });

  it('translates the dismissals written out in words', () => {
    expect(dismissalText(out(null, null), 'hi')).toBe('नाबाद');
    expect(dismissalText(out('retired hurt', null), 'hi')).toBe('रिटायर्ड हर्ट');
    expect(dismissalText(out('run out', null), 'hi')).toBe('रन आउट');
    expect(dismissalText(out('timed out', null), 'hi')).toBe('टाइम्ड आउट');
  });

  it('never writes the English marks c, b, lbw, st or sub on a Hindi scorecard', () => {
    for (const kind of DISMISSAL_KINDS) {
      const text = dismissalText(out(kind, 'काइल जेमिसन', [fielder('श्रेयस अय्यर', kind === 'caught')]), 'hi');
      expect(text, kind).not.toMatch(/\b(c|b|lbw|st|sub)\b|&/);
      expect(text, kind).toMatch(/^[\u0900-\u097F\s.()/]+$/);
    }
  });
});

describe('notationName', () => {
  it('is the last word of a Devanagari name, a Latin name whole, and English unchanged', () => {
    expect(notationName('श्रेयस अय्यर', 'hi')).toBe('अय्यर');
    expect(notationName('SS Iyer', 'hi')).toBe('SS Iyer');
    expect(notationName('SS Iyer', 'en')).toBe('SS Iyer');
  });
});

describe('dismissalKindLabel', () => {
  it('labels a wicket in Hindi: कैच, पगबाधा, बोल्ड, रन आउट; English keeps the kind', () => {
    expect(dismissalKindLabel('caught', 'hi')).toBe('कैच');
    expect(dismissalKindLabel('lbw', 'hi')).toBe('पगबाधा');
    expect(dismissalKindLabel('bowled', 'hi')).toBe('बोल्ड');
    expect(dismissalKindLabel('run out', 'hi')).toBe('रन आउट');
    expect(dismissalKindLabel('run out', 'en')).toBe('run out');
    for (const kind of DISMISSAL_KINDS) expect(dismissalKindLabel(kind, 'hi'), kind).toMatch(/^[\u0900-\u097F\s]+$/);
  });
});
