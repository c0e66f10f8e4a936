// The report generator's rules on small hand-made innings (the real matches are in
// tests/integration/match-reports-real.test.ts): which collapse is told, which five
// overs are the most productive, when a report may be written, the wording that depends on a
// count (all out, one wicket, ordinals in Hindi), and when a record is claimed (only a figure
// that beats the earlier best outright, in a scope large enough).
import { describe, expect, it } from 'vitest';
import { bestBowler, bestStretch, fullSpellRuns, hundredWords, isReportable, MIN_RECORD_SCOPE, scoreText, toldCollapse, writeMatchReport, type RecordBook, type ReportFacts, type ReportInnings } from '../../../src/server/domain/match-report.ts';

const player = (name: string) => ({ key: name.toLowerCase(), name });

function innings(inningsNo: number, side: 'a' | 'b', falls: number[], extra: Partial<ReportInnings> = {}): ReportInnings {
  return {
    inningsNo,
    side,
    superOver: false,
    declared: false,
    forfeited: false,
    followOn: false,
    runs: falls.at(-1) ?? 0,
    wickets: falls.length,
    calledBalls: 120,
    target: null,
    batting: [{ player: player('Opener'), runs: 40, balls: 30, fours: 4, sixes: 1, dismissal: { wicketNumber: 1 } }],
    bowling: [{ player: player('Quick'), calledBalls: 24, runs: 20, wickets: 1 }],
    fallOfWickets: falls.map((teamRuns, index) => ({ wicketNumber: index + 1, player: player(`B${index + 1}`), teamRuns })),
    partnerships: [],
    ...extra,
  };
}

const facts = (overrides: Partial<ReportFacts> = {}): ReportFacts => ({
  key: 'm1',
  format: 't20',
  formatType: 't20',
  title: { en: 'Final', hi: 'फ़ाइनल' },
  tournament: { key: 't1', name: 'Cup' },
  dates: ['2026-05-01'],
  venue: { name: 'Ground', city: 'Town' },
  teams: { a: { key: 'a', name: 'Alphas' }, b: { key: 'b', name: 'Betas' } },
  ballsPerOver: 6,
  resultText: { en: 'Alphas won by 10 runs', hi: 'Alphas 10 रन से जीती' },
  winner: 'a',
  margin: { kind: 'runs', runs: 10 },
  outcome: null,
  chaseLimitBalls: 120,
  awards: [player('Opener')],
  innings: [innings(1, 'a', [10, 50, 120, 150]), innings(2, 'b', [5, 30, 100, 101, 103, 104, 110, 130, 135, 140])],
  overRuns: [],
  records: null,
  ...overrides,
});

describe('toldCollapse', () => {
  it('tells the collapse of the rule (collapses.ts), from the score after the wicket before', () => {
    expect(toldCollapse(innings(2, 'b', [5, 30, 100, 101, 103, 104, 110, 150, 175, 200]))).toEqual({
      from: { runs: 100, wickets: 3 },
      to: { runs: 110, wickets: 7 },
    });
  });

  it('tells the one with most wickets, then fewest runs', () => {
    // 165 all out: 0/0 to 22/4 (four for 22) and 150/6 to 165/10 (four for 15).
    expect(toldCollapse(innings(1, 'a', [10, 14, 18, 22, 100, 150, 152, 155, 160, 165]))).toEqual({
      from: { runs: 150, wickets: 6 },
      to: { runs: 165, wickets: 10 },
    });
    // 300/8: 0/0 to 30/5 (five for 30) beats 150/5 to 160/8 (three for 10).
    expect(toldCollapse(innings(1, 'a', [10, 14, 18, 22, 30, 150, 155, 160], { runs: 300 }))).toEqual({
      from: { runs: 0, wickets: 0 },
      to: { runs: 30, wickets: 5 },
    });
  });

  it('tells none of three wickets, nor a whole low innings', () => {
    expect(toldCollapse(innings(1, 'a', [60, 62, 64, 65], { runs: 200 }))).toBeNull();
    expect(toldCollapse(innings(1, 'a', [20, 50, 80, 110, 140]))).toBeNull();
    // 80 all out, a wicket every 8 runs.
    expect(toldCollapse(innings(1, 'a', [8, 16, 24, 32, 40, 48, 56, 64, 72, 80]))).toBeNull();
  });
});

describe('bestStretch', () => {
  const overRuns = Array.from({ length: 20 }, (_, i) => ({ inningsNo: 1, over: i + 1, runs: i >= 15 ? 15 : 6 }));

  it('is the five consecutive overs with the most runs', () => {
    expect(bestStretch({ overRuns }, 1)).toEqual({ fromOver: 16, toOver: 20, runs: 75 });
  });

  it('is not told for a short innings or without the overs', () => {
    expect(bestStretch({ overRuns: overRuns.slice(0, 9) }, 1)).toBeNull();
    expect(bestStretch({ overRuns }, 2)).toBeNull();
  });
});

describe('writeMatchReport', () => {
  it('writes the result, both innings and the collapse, in both languages, with a claim per fact', () => {
    // Betas all out for 200, four wickets for ten runs from 100/3 to 110/7 on the way.
    const report = writeMatchReport(facts({ innings: [innings(1, 'a', [10, 50, 120, 210]), innings(2, 'b', [5, 30, 100, 101, 103, 104, 110, 150, 175, 200])] }));
    expect(report.texts.en.heading).toBe('Alphas beat Betas by 10 runs to win the Cup');
    expect(report.texts.hi.heading).toBe('Alphas ने Betas को 10 रन से हराकर Cup का ख़िताब जीता');
    expect(report.texts.en.paragraphs[1]).toContain('were all out for 200');
    expect(report.texts.hi.paragraphs[1]).toContain('200 रन पर आउट हो गई');
    expect(report.texts.en.paragraphs[1]).toContain('Betas lost 4 wickets for 10 runs, going from 100/3 to 110/7.');
    expect(report.texts.hi.paragraphs[1]).toContain('Betas ने 10 रन के भीतर 4 विकेट गँवाए और स्कोर 100/3 से 110/7 हो गया।');
    expect(report.texts.hi.paragraphs[0]).toContain('1 विकेट लिया');
    expect(report.claims).toContainEqual({ kind: 'collapse', inningsNo: 2, side: 'b', from: { runs: 100, wickets: 3 }, to: { runs: 110, wickets: 7 } });
    expect(report.tags).toEqual(expect.arrayContaining([{ kind: 'match', key: 'm1' }, { kind: 'team', key: 'b' }, { kind: 'player', key: 'opener' }]));
  });

  it('says nothing of the last ball when the chase had balls to spare', () => {
    const chase = innings(2, 'b', [5, 30], { calledBalls: 110, target: { runs: 141, balls: null } });
    const report = writeMatchReport(facts({ winner: 'b', margin: { kind: 'wickets', wickets: 8 }, innings: [innings(1, 'a', [10, 50, 120, 140]), chase] }));
    expect(report.claims.some((claim) => claim.kind === 'lastBall')).toBe(false);
    const lastBall = writeMatchReport(facts({ winner: 'b', margin: { kind: 'wickets', wickets: 8 }, innings: [innings(1, 'a', [10, 50, 120, 140]), { ...chase, calledBalls: 120 }] }));
    expect(lastBall.claims).toContainEqual({ kind: 'lastBall', inningsNo: 2, side: 'b' });
  });

  it('is written only for a match with a result and an innings', () => {
    expect(isReportable(facts())).toBe(true);
    expect(isReportable(facts({ winner: null, outcome: null }))).toBe(false);
    expect(isReportable(facts({ innings: [] }))).toBe(false);
    expect(isReportable(facts({ winner: null, outcome: 'no result' }))).toBe(true);
  });

  it('prints all out only for ten wickets', () => {
    expect(scoreText(120, 9, 'en')).toBe('120/9');
    expect(scoreText(120, 10, 'en')).toBe('120 all out');
    expect(scoreText(120, 10, 'hi')).toBe('120 पर ऑल आउट');
  });
});

describe('records', () => {
  // Earlier figures none of the match's beat: Alphas made 150/4, Betas were all out for 140,
  // Opener's 40 is the best score, Quick's 1 for 20 the best spell.
  const book = (overrides: Partial<RecordBook> = {}): RecordBook => ({
    formatType: 't20',
    gender: 'male',
    ground: { count: 30, highestTotal: 200 },
    teams: { a: { count: 40, highestTotal: 210, lowestAllOut: 90 }, b: { count: 40, highestTotal: 220, lowestAllOut: 80 } },
    competition: { count: 100, highestTotal: 250, name: 'Cup', highestScore: 150, bestBowling: { wickets: 6, runs: 12 }, bestStands: [{ forWicket: 1, runs: 150 }] },
    ...overrides,
  });
  const records = (report: ReturnType<typeof writeMatchReport>) => report.claims.filter((claim) => claim.kind === 'record');

  it('claims none when no figure beats the earlier best, or without the earlier figures', () => {
    const report = writeMatchReport(facts({ records: book() }));
    expect(records(report)).toEqual([]);
    expect(report.texts.en.paragraphs.join(' ')).not.toMatch(/highest|lowest|best bowling/);
    expect(records(writeMatchReport(facts()))).toEqual([]);
  });

  it('claims the highest total at the ground and the team’s, with the best before and the scope, in both languages', () => {
    const report = writeMatchReport(facts({ records: book({ ground: { count: 30, highestTotal: 149 }, teams: { ...book().teams, a: { count: 40, highestTotal: 149, lowestAllOut: 90 } } }) }));
    expect(records(report)).toEqual([
      { kind: 'record', record: 'groundTotal', inningsNo: 1, side: 'a', runs: 150, before: 149, scope: 31 },
      { kind: 'record', record: 'teamHighest', inningsNo: 1, side: 'a', runs: 150, before: 149, scope: 41 },
    ]);
    const en = report.texts.en.paragraphs.join(' ');
    expect(en).toContain("Alphas' 150/4 is the highest total at Ground in the 31 men's T20 matches held there in the site's data, up to this one; the highest before it was 149.");
    expect(en).toContain("Alphas' 150/4 is their highest total in their 41 T20 innings in the site's data, up to this match; their highest before it was 149.");
    const hi = report.texts.hi.paragraphs.join(' ');
    expect(hi).toContain('इस साइट के आँकड़ों में Ground पर खेले गए 31 पुरुष टी20 मैचों में (इस मैच तक) Alphas का 150/4 सबसे बड़ा स्कोर है; इससे पहले सबसे बड़ा स्कोर 149 था।');
    expect(hi).toContain('Alphas की 41 टी20 पारियों में');
  });

  it('claims a lowest all-out, a best score, spell and stand in the competition', () => {
    const stand = { forWicket: 3, batterA: { player: player('Opener'), runs: 30 }, batterB: { player: player('Second'), runs: 25 }, runs: 60, balls: 40, unbroken: false };
    const report = writeMatchReport(
      facts({
        innings: [innings(1, 'a', [10, 50, 120, 150], { partnerships: [stand] }), innings(2, 'b', [5, 30, 100, 101, 103, 104, 110, 130, 135, 140])],
        records: book({
          teams: { ...book().teams, b: { count: 40, highestTotal: 220, lowestAllOut: 141 } },
          competition: { ...book().competition, highestScore: 39, bestBowling: { wickets: 1, runs: 21 }, bestStands: [{ forWicket: 3, runs: 59 }] },
        }),
      }),
    );
    expect(records(report)).toEqual([
      { kind: 'record', record: 'competitionScore', inningsNo: 1, player: 'Opener', runs: 40, notOut: false, before: 39, scope: 101 },
      { kind: 'record', record: 'competitionBowling', inningsNo: 1, player: 'Quick', wickets: 1, runs: 20, before: { wickets: 1, runs: 21 }, scope: 101 },
      { kind: 'record', record: 'competitionStand', inningsNo: 1, forWicket: 3, runs: 60, batters: ['Opener', 'Second'], before: 59, scope: 101 },
      { kind: 'record', record: 'teamLowestAllOut', inningsNo: 2, side: 'b', runs: 140, before: 141, scope: 41 },
    ]);
    const en = report.texts.en.paragraphs.join(' ');
    expect(en).toContain("Opener's 40 is the highest individual score in the 101 T20 matches of the Cup in the site's data, up to this one; the highest before it was 39.");
    expect(en).toContain('The 3rd-wicket stand of 60 between Opener and Second is the highest for that wicket');
    expect(en).toContain("Betas' 140 all out is their lowest all-out total in their 41 T20 innings");
    const hi = report.texts.hi.paragraphs.join(' ');
    expect(hi).toContain('Quick का 20 रन देकर 1 विकेट लेना सबसे अच्छा गेंदबाज़ी प्रदर्शन है; इससे पहले सबसे अच्छा 21 रन देकर 1 विकेट था।');
    expect(hi).toContain('तीसरे विकेट के लिए सबसे बड़ी है');
    expect(hi).toContain('140 रन पर ऑल आउट');
  });

  it('claims nothing for an equal figure, a scope too small or a scope with no figure before', () => {
    const tied = book({ ground: { count: 30, highestTotal: 150 }, competition: { ...book().competition, highestScore: 40 } });
    expect(records(writeMatchReport(facts({ records: tied })))).toEqual([]);
    const small = book({ ground: { count: MIN_RECORD_SCOPE - 1, highestTotal: 100 }, competition: { ...book().competition, count: MIN_RECORD_SCOPE - 1, highestTotal: 100 } });
    expect(records(writeMatchReport(facts({ records: small })))).toEqual([]);
    const empty = book({ teams: { ...book().teams, b: { count: 40, highestTotal: 220, lowestAllOut: null } }, competition: { ...book().competition, bestStands: [] } });
    expect(records(writeMatchReport(facts({ records: empty })))).toEqual([]);
  });
});

describe('report wording a Hindi desk would print, and the same rules in English (issue 30)', () => {
  it('names the bowler of a full spell above two cheap overs: 4-1-26-1 before 2-0-24-1 (the IPL 2018 final)', () => {
    const ngidi = { player: player('L Ngidi'), calledBalls: 24, runs: 26, wickets: 1 };
    const jadeja = { player: player('RA Jadeja'), calledBalls: 12, runs: 24, wickets: 1 };
    const inn = { runs: 178, calledBalls: 120, bowling: [jadeja, ngidi] };
    expect(fullSpellRuns(jadeja, inn)).toBeCloseTo(24 + 12 * (178 / 120));
    expect(fullSpellRuns(ngidi, inn)).toBe(26);
    expect(bestBowler(inn)?.player.name).toBe('L Ngidi');
    // More wickets still come first, and a short spell that kept the runs down still counts.
    expect(bestBowler({ ...inn, bowling: [ngidi, { ...jadeja, wickets: 2 }] })?.player.name).toBe('RA Jadeja');
    expect(bestBowler({ ...inn, bowling: [ngidi, { ...jadeja, runs: 6 }] })?.player.name).toBe('RA Jadeja');
  });

  it('calls a hundred a hundred (शतक), and a double hundred one', () => {
    expect(hundredWords(99)).toBeNull();
    expect(hundredWords(117)).toEqual({ en: 'hundred', hi: 'शतक' });
    expect(hundredWords(200)).toEqual({ en: 'double hundred', hi: 'दोहरा शतक' });
    const watson = [{ player: player('SR Watson'), runs: 117, balls: 57, fours: 11, sixes: 8, dismissal: { wicketNumber: null } }];
    const report = writeMatchReport(facts({ innings: [innings(1, 'a', [10, 50, 120, 150]), innings(2, 'b', [5, 30], { batting: watson })] }));
    expect(report.texts.en.paragraphs.join(' ')).toContain('SR Watson top-scored with an unbeaten hundred, 117 not out off 57 balls');
    expect(report.texts.hi.paragraphs.join(' ')).toContain('SR Watson ने 57 गेंदों में 11 चौकों और 8 छक्कों की मदद से नाबाद 117 रन बनाकर शतक लगाया।');
  });

  it('puts the title in a final\'s headline, and not in another match\'s', () => {
    expect(writeMatchReport(facts()).texts.hi.heading).toBe('Alphas ने Betas को 10 रन से हराकर Cup का ख़िताब जीता');
    expect(writeMatchReport(facts({ title: { en: 'Match 5', hi: 'मैच 5' } })).texts.en.heading).toBe('Alphas beat Betas by 10 runs');
  });

  it('writes the names in Hindi in the Hindi text, and the claims with the names as given', () => {
    const hindi: Record<string, string> = { Alphas: 'अल्फ़ा', Betas: 'बीटा', Ground: 'मैदान', Opener: 'ओपनर', Quick: 'क्विक' };
    const report = writeMatchReport(facts({ hindiName: (_kind, latin) => hindi[latin] ?? latin }));
    expect(report.texts.hi.heading).toBe('अल्फ़ा ने बीटा को 10 रन से हराकर Cup का ख़िताब जीता');
    expect(report.texts.hi.content).toMatch(/^मैदान में 1 मई 2026 को खेले गए मैच में /);
    // A score list prints an all-out total as its runs, not 'पर ऑल आउट'.
    expect(report.texts.hi.content).toMatch(/स्कोर: अल्फ़ा 150\/4; बीटा 140।$/);
    expect(report.texts.en.content).toMatch(/Scores: Alphas 150\/4; Betas 140 all out\.$/);
    expect(report.texts.hi.paragraphs.join(' ')).toContain('ओपनर ने 30 गेंदों में');
    expect(report.texts.en.heading).toBe('Alphas beat Betas by 10 runs to win the Cup');
    expect(report.claims).toContainEqual(expect.objectContaining({ kind: 'batting', player: 'Opener' }));
  });

  it('dates a Test by its first and last days, not its first alone', () => {
    const report = writeMatchReport(facts({ format: 'test', title: { en: '5th Test', hi: 'पाँचवाँ टेस्ट' }, dates: ['2018-09-07', '2018-09-08', '2018-09-11'] }));
    expect(report.texts.hi.content).toContain('Ground में 7 से 11 सितंबर 2018 तक खेले गए मैच में');
    expect(report.texts.hi.sub_heading).toContain('7–11 सितंबर 2018');
    expect(report.texts.en.sub_heading).toMatch(/ · 7 September 2018$/);
    expect(report.texts.en.content).toContain('at Ground between 7 September 2018 and 11 September 2018.');
  });

  it('a side all out is "पूरी टीम ... पर सिमट गई", and the first five overs are told in words', () => {
    // 165 all out: 150/6 to 165/10 is the collapse told.
    const allOut = innings(2, 'b', [10, 14, 18, 60, 100, 150, 152, 155, 160, 165]);
    const overRuns = Array.from({ length: 20 }, (_, i) => ({ inningsNo: 2, over: i + 1, runs: i < 5 ? 12 : 6 }));
    const hi = writeMatchReport(facts({ innings: [innings(1, 'a', [10, 50, 120, 175]), allOut], overRuns })).texts.hi.paragraphs.join(' ');
    expect(hi).toContain('150/6 से पूरी टीम 165 पर सिमट गई।');
    expect(hi).not.toMatch(/स्कोर \S+ से \d+ पर ऑल आउट/);
    expect(hi).toContain('Betas ने पहले पाँच ओवरों में 60 रन बटोरे');
  });
});
