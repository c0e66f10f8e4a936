// The commentary's over notes decide a maiden by the scorecard's one rule (issue 26): a short
// over the umpire called is a maiden in the over's note as in the bowler's figures.
import { describe, expect, it } from 'vitest';
import { InningsStory, type OverNote } from '../../../src/server/domain/commentary-context.ts';
import { InningsTally } from '../../../src/server/domain/scorecard.ts';
import type { InningsInput } from '../../../src/server/domain/types.ts';
import { ball, innings, overOf } from './cricket-data.ts';

/** The over notes of an innings folded as the commentary folds it, by over index. */
function overNotes(input: InningsInput): { notes: Map<number, OverNote[]>; tally: InningsTally } {
  const tally = InningsTally.start(input);
  const story = new InningsStory({ ballsPerOver: input.ballsPerOver, target: null, bowlerOvers: 10, limitedOvers: true });
  const notes = new Map<number, OverNote[]>();
  input.deliveries.forEach((delivery, index) => {
    const next = input.deliveries[index + 1];
    tally.add(delivery);
    story.ball(delivery, tally, { batterRuns: 0, bowlerWickets: 0, stand: null }, false);
    if (next !== undefined && next.over !== delivery.over) tally.closeOver();
    if (next === undefined || next.over !== delivery.over) notes.set(delivery.over, story.overEnded(tally));
  });
  return { notes, tally };
}

describe('InningsStory: maidens by the scorecard rule', () => {
  // ODI 239908 (West Indies v Zimbabwe, Antigua, 30 April 2006), Zimbabwe's 36th to 38th overs as
  // Cricsheet has them: umpire Bowden called the 37th (index 36, Gayle's) after five balls, with no
  // run and a wicket (its miscounted_overs); Taylor's next over is a maiden with a leg bye.
  const deliveries = [
    ...overOf(35, 'NB Mahwire', 'P Utseya', 'DR Smith', [{}, {}, {}, {}, {}, { bat: 1 }]),
    ...overOf(36, 'NB Mahwire', 'P Utseya', 'CH Gayle', [{}, {}, { out: [['caught', 'NB Mahwire']] }]),
    ...overOf(36, 'T Mupariwa', 'P Utseya', 'CH Gayle', [{}, {}]),
    ball(37, 'P Utseya', 'T Mupariwa', 'JE Taylor'),
    ball(37, 'P Utseya', 'T Mupariwa', 'JE Taylor', { out: [['caught', 'P Utseya']] }),
    ...overOf(37, 'EC Rainsford', 'T Mupariwa', 'JE Taylor', [{}, {}, { legbyes: 1 }]),
    ball(37, 'T Mupariwa', 'EC Rainsford', 'JE Taylor'),
  ];

  it.each([
    ['listed as called short', innings(deliveries, { calledOvers: [36] })],
    ['called by the next over beginning', innings(deliveries)],
  ])('a five-ball over the umpire called, %s, is a wicket maiden in its note and in the figures', (_how, input) => {
    const { notes, tally } = overNotes(input);
    expect(notes.get(36)).toContainEqual({ kind: 'maiden', bowler: 'CH Gayle', wickets: 1 });
    expect(notes.get(37)).toContainEqual({ kind: 'maiden', bowler: 'JE Taylor', wickets: 1 });
    // Every maiden said is one in the figures, bowler by bowler.
    const said = new Map<string, number>();
    for (const over of notes.values()) for (const note of over) if (note.kind === 'maiden') said.set(note.bowler, (said.get(note.bowler) ?? 0) + 1);
    const figures = new Map(tally.summary().bowling.filter((entry) => entry.maidens > 0).map((entry) => [entry.player, entry.maidens]));
    expect(said).toEqual(figures);
  });
});
