// Every Hindi string of the dictionaries follows docs/hindi-style-guide.md: no Latin notation or
// heads, result verbs that agree, dates in the guide's style, sentences ending with '।', and none
// of the glossary's rejected words.
import { describe, expect, it } from 'vitest';
import hi from '../../../src/i18n/hi.ts';
import { scorerStrings } from '../../../src/i18n/scorer.ts';
import { winProbStrings } from '../../../src/i18n/winprob.ts';
import { legalStrings } from '../../../src/i18n/legal.ts';
import { hindiStyleProblems } from '../../helpers/hindi-style.ts';
import { DISMISSAL_KINDS, dismissalKindLabel } from '../../../src/server/domain/dismissal.ts';

/** Every string of a dictionary with its dotted key. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}.${index}`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  return [];
}

describe('the Hindi dictionaries follow the style guide', () => {
  it.each([
    ['hi.ts', hi],
    ['scorer.ts', scorerStrings.hi],
    ['winprob.ts', winProbStrings.hi],
    ['legal.ts', legalStrings.hi],
  ])('%s', (_file, dictionary) => {
    const problems = leaves(dictionary).flatMap(([key, text]) => hindiStyleProblems(text).map((problem) => `${key}: ${problem.rule} "${problem.found}"`));
    expect(problems).toEqual([]);
  });

  it('uses the glossary word for each thing', () => {
    expect(hi.series.pointsTable).toBe('अंक तालिका');
    expect(hi.matchCentre.formNR).toBe('बेनतीजा');
    expect(hi.matchCentre.economyShort).toBe('इकॉनमी');
    expect(hi.match.breaks.tea).toBe('टी ब्रेक');
    expect(hi.match.secondsShort).toBe('सेकं');
    expect(hi.story.collapses).toBe('बल्लेबाज़ी लड़खड़ाई');
    expect(hi.search.matches).toBe('{{count}} मैच');
    expect(hi.matchCentre.notFoundText).toMatch(/^यह मैच नहीं मिला।/);
  });
});

describe('the checker finds what the guide rejects', () => {
  it.each([
    ['c SS Iyer b KA Jamieson', 'latin-notation'],
    ['lbw b Jamieson', 'latin-notation'],
    ['(w 9, nb 1)', 'latin-notation'],
    ['NRR', 'latin-notation'],
    ['120/3 in 15.2', 'latin-notation'],
    ['England 118 रन से जीती', 'result-verb'],
    ['RCB जीते', 'result-verb'],
    ['03 जून 2025', 'date'],
    ['28 नव॰ 2026', 'date'],
    ['मैच 2018-09-11 को खेला गया।', 'date'],
    ['कोई रन नहीं.', 'full-stop'],
    ['RCB 20 ओवर में 190/9. PBKS 20 ओवर में 184/7.', 'full-stop'],
    ['पॉइंट्स टेबल', 'glossary'],
  ])('%s', (text, rule) => {
    expect(hindiStyleProblems(text).map((problem) => problem.rule)).toContain(rule);
  });

  it.each(['का. अय्यर बो. जेमिसन', 'इंग्लैंड ने 118 रन से जीत दर्ज की', '3 जून 2025', 'जीते', 'मैच बेनतीजा रहा।', 'स्ट्रा. रे.', '120/3 (15.2 ओवर)', 'RCB 20 ओवर में 190/9। रन रेट 9.50 रहा।'])('passes "%s"', (text) => {
    expect(hindiStyleProblems(text)).toEqual([]);
  });

  // The console once said 'रिटायर्ड नॉट आउट' where the scorecard of the same ball said 'रिटायर्ड नाबाद'.
  it("names every dismissal kind in the scorer's console as the scorecard does", () => {
    for (const kind of DISMISSAL_KINDS) {
      expect(scorerStrings.hi.dismissals[kind]).toBe(dismissalKindLabel(kind, 'hi'));
      expect(scorerStrings.en.dismissals[kind].toLowerCase()).toBe(dismissalKindLabel(kind, 'en').toLowerCase());
    }
  });
});
