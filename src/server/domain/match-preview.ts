// Automated match previews (issue 29 §2; docs/decisions/071-match-previews.md): what the figures
// say before a scheduled match, in English and Hindi, computed only from earlier matches of the
// fixture's format type (and gender) that the caller read: each side's form, head to head, the
// venue's record, the players in form and the career milestones within reach. Like the reports
// (match-report.ts), every sentence is built from typed claims returned with the words, so tests
// check each one against the raw data, and nothing is said that the figures do not show.
import { formLetter, headToHead, type FormLetter, type HeadToHead } from './form.ts';
import { matchArticleTags } from './match-report.ts';
import { formatTypeLabel, type FormatType } from './format-type.ts';

export type PreviewLang = 'en' | 'hi';
export type PreviewSide = 'a' | 'b';

/** Form counts this many of a side's latest results (the Info tab's 'last 5 matches'). */
export const PREVIEW_FORM_LENGTH = 5;
/** At most this many milestones are told. */
export const MAX_MILESTONES = 4;

/** An earlier completed match (of the fixture's format type and gender), as the caller read it. */
export interface PastMatch {
  /** matches.id: the order of two matches on one day (the later id is the later match). */
  id: number;
  key: string;
  date: string;
  teams: Record<PreviewSide, string>;
  venueId: number | null;
  winner: PreviewSide | null;
  result: 'tie' | 'no result' | 'draw' | null;
  /** Its regular innings (no super overs, none forfeited) in playing order. */
  innings: { side: PreviewSide; runs: number }[];
}

/** One player's figures in one earlier match. */
export interface PlayerLine {
  matchKey: string;
  team: string;
  player: { key: string; name: string };
  /** Null when they did not bat. */
  runs: number | null;
  /** Null when they did not bowl. */
  wickets: number | null;
}

/** Newest first: by date, then by id. */
function newestFirst(matches: readonly PastMatch[]): PastMatch[] {
  return [...matches].sort((x, y) => y.date.localeCompare(x.date) || y.id - x.id);
}

/** Matches with at least one ball bowled (a wash-out counts in no form or head to head). */
function played(matches: readonly PastMatch[]): PastMatch[] {
  return matches.filter((match) => match.innings.length > 0);
}

export interface Form {
  team: string;
  /** Newest first. */
  results: { matchKey: string; date: string; opponent: string; letter: FormLetter }[];
  won: number;
  lost: number;
  /** Ties, draws and no results. */
  other: number;
}

/** A side's last PREVIEW_FORM_LENGTH results among the matches (newest first). */
export function recentForm(matches: readonly PastMatch[], team: string, length = PREVIEW_FORM_LENGTH): Form {
  const results = newestFirst(played(matches))
    .filter((match) => match.teams.a === team || match.teams.b === team)
    .slice(0, length)
    .map((match) => {
      const side: PreviewSide = match.teams.a === team ? 'a' : 'b';
      return { matchKey: match.key, date: match.date, opponent: match.teams[side === 'a' ? 'b' : 'a'], letter: formLetter(match, side) };
    });
  const count = (letter: FormLetter) => results.filter((result) => result.letter === letter).length;
  return { team, results, won: count('W'), lost: count('L'), other: results.length - count('W') - count('L') };
}

/** Every earlier meeting of the two teams, counted from team a's side (domain form.ts). */
export function previewHeadToHead(matches: readonly PastMatch[], teams: Record<PreviewSide, string>): HeadToHead & { lastKey: string | null } {
  const meetings = newestFirst(played(matches)).filter(
    (match) => (match.teams.a === teams.a && match.teams.b === teams.b) || (match.teams.a === teams.b && match.teams.b === teams.a),
  );
  const tally = headToHead(meetings.map((match) => formLetter(match, match.teams.a === teams.a ? 'a' : 'b')));
  return { ...tally, lastKey: meetings[0]?.key ?? null };
}

export interface VenueRecord {
  /** Completed matches at the venue with a ball bowled. */
  matches: number;
  /** The first innings' runs, averaged over those matches and rounded to a whole run. */
  firstInningsAverage: number | null;
  /** Won by the side that batted first (defended), and by the side that batted second (chased). */
  wonBattingFirst: number;
  wonBattingSecond: number;
  /** Ties, draws and no results. */
  other: number;
}

/** The venue's record in the matches (those at `venueId`). */
export function venueRecord(matches: readonly PastMatch[], venueId: number): VenueRecord {
  const here = played(matches).filter((match) => match.venueId === venueId);
  let firstBatted = 0;
  let firstWon = 0;
  let secondWon = 0;
  for (const match of here) {
    const first = match.innings[0]!;
    firstBatted += first.runs;
    if (match.winner === null) continue;
    if (match.winner === first.side) firstWon += 1;
    else secondWon += 1;
  }
  return {
    matches: here.length,
    firstInningsAverage: here.length === 0 ? null : Math.round(firstBatted / here.length),
    wonBattingFirst: firstWon,
    wonBattingSecond: secondWon,
    other: here.length - firstWon - secondWon,
  };
}

export interface InForm {
  team: string;
  player: { key: string; name: string };
  /** Runs (batting) or wickets (bowling) in the matches, and in how many innings. */
  total: number;
  innings: number;
  /** The side's matches counted (its form matches). */
  matches: number;
}

/**
 * A side's leading run-scorer and wicket-taker in its form matches (`matchKeys`): most runs
 * (then fewer innings, then name), most wickets likewise; null when nobody scored or took one.
 */
export function playersInForm(lines: readonly PlayerLine[], team: string, matchKeys: readonly string[]): { batter: InForm | null; bowler: InForm | null } {
  const keys = new Set(matchKeys);
  const own = lines.filter((line) => line.team === team && keys.has(line.matchKey));
  const leader = (figure: 'runs' | 'wickets'): InForm | null => {
    const totals = new Map<string, InForm>();
    for (const line of own) {
      const value = line[figure];
      if (value === null) continue;
      const entry = totals.get(line.player.key) ?? { team, player: line.player, total: 0, innings: 0, matches: keys.size };
      entry.total += value;
      entry.innings += 1;
      totals.set(line.player.key, entry);
    }
    const [best] = [...totals.values()].sort((x, y) => y.total - x.total || x.innings - y.innings || x.player.name.localeCompare(y.player.name));
    return best && best.total > 0 ? best : null;
  };
  return { batter: leader('runs'), bowler: leader('wickets') };
}

export type MilestoneKind = 'runs' | 'wickets';
type Broad = 'test' | 'oneday' | 't20';

/** A milestone is a multiple of this many runs or wickets (and the first is the step itself) ... */
const MILESTONE_STEP: Record<MilestoneKind, number> = { runs: 1000, wickets: 50 };
/** ... or, below the first step, half of it (500 runs, 25 wickets). */
const FIRST_MILESTONE: Record<MilestoneKind, number> = { runs: 500, wickets: 25 };
/**
 * Within reach: what a good match brings in the format. A Test has two innings each: a hundred's
 * worth of runs or a five-for; a one-day match 75 runs or 3 wickets; a T20 50 or 2.
 */
export const MILESTONE_REACH: Record<Broad, Record<MilestoneKind, number>> = {
  test: { runs: 100, wickets: 5 },
  oneday: { runs: 75, wickets: 3 },
  t20: { runs: 50, wickets: 2 },
};

/** The next round figure above `total` and how many it needs, when within reach in the format; else null. */
export function nextMilestone(total: number, kind: MilestoneKind, format: Broad): { target: number; needed: number } | null {
  const step = MILESTONE_STEP[kind];
  const first = FIRST_MILESTONE[kind];
  const target = total < first ? first : total < step ? step : (Math.floor(total / step) + 1) * step;
  const needed = target - total;
  return needed <= MILESTONE_REACH[format][kind] ? { target, needed } : null;
}

export interface CareerTotal {
  team: string;
  player: { key: string; name: string };
  runs: number;
  wickets: number;
}

export interface Milestone {
  team: string;
  player: { key: string; name: string };
  kind: MilestoneKind;
  total: number;
  target: number;
  needed: number;
}

/** The milestones within reach among the careers, nearest first (the fewest needed), MAX_MILESTONES at most. */
export function milestonesInReach(careers: readonly CareerTotal[], format: Broad): Milestone[] {
  const found: Milestone[] = [];
  for (const career of careers) {
    for (const kind of ['runs', 'wickets'] as const) {
      const total = career[kind];
      if (total === 0) continue;
      const next = nextMilestone(total, kind, format);
      if (next) found.push({ team: career.team, player: career.player, kind, total, ...next });
    }
  }
  // Relative to the reach: 38 of 100 Test runs is nearer than 4 of 5 Test wickets.
  const share = (m: Milestone) => m.needed / MILESTONE_REACH[format][m.kind];
  return found.sort((x, y) => share(x) - share(y) || y.target - x.target || x.player.name.localeCompare(y.player.name)).slice(0, MAX_MILESTONES);
}

// ---------- the preview ----------

/** What a preview is written from. */
export interface PreviewFacts {
  key: string;
  format: Broad;
  formatType: FormatType;
  gender: 'male' | 'female';
  startAt: string;
  tournament: { key: string; name: string };
  venue: { id: number; name: string } | null;
  teams: Record<PreviewSide, { key: string; name: string }>;
  /** Earlier completed matches of the format type and gender of either side or at the venue. */
  matches: PastMatch[];
  /** The players' figures in the sides' form matches. */
  lines: PlayerLine[];
  /** Career totals in the format type (before the fixture) of the players considered. */
  careers: CareerTotal[];
  /** The Hindi name of a team, ground, competition or player (src/i18n/names.ts localName). */
  hindiName?: (kind: 'team' | 'venue' | 'tournament' | 'player', latin: string, key?: string) => string;
}

export type PreviewClaim =
  | { kind: 'form'; team: string; results: FormLetter[]; won: number; lost: number; other: number; matchKeys: string[] }
  | { kind: 'headToHead'; played: number; won: Record<PreviewSide, number>; drawn: number; tied: number; noResult: number }
  | { kind: 'venue'; matches: number; firstInningsAverage: number; wonBattingFirst: number; wonBattingSecond: number; other: number }
  | { kind: 'inForm'; figure: 'runs' | 'wickets'; team: string; player: string; total: number; innings: number; matches: number }
  | { kind: 'milestone'; team: string; player: string; figure: MilestoneKind; total: number; target: number; needed: number };

export interface PreviewText {
  heading: string;
  sub_heading: string;
  content: string;
  paragraphs: string[];
}

export interface MatchPreview {
  texts: Record<PreviewLang, PreviewText>;
  claims: PreviewClaim[];
  tags: { kind: 'team' | 'player' | 'tournament' | 'match'; key: string }[];
}

interface Sentence {
  en: string;
  hi: string;
  claims: PreviewClaim[];
}

const plural = (n: number, noun: string, nouns = `${noun}s`) => `${n} ${n === 1 ? noun : nouns}`;
/** 'मैच जीता' after 1, 'मैच जीते' after any other count (the verb agrees with its object, मैच). */
const matchesWon = (n: number) => (n === 1 ? 'मैच जीता' : 'मैच जीते');
/** 9,000 in English; Hindi papers print 9000 (Western digits, no grouping). */
const thousands = (n: number, lang: PreviewLang) => (lang === 'en' ? n.toLocaleString('en-GB') : String(n));

const LETTER_WORDS: Record<FormLetter, Record<PreviewLang, string>> = {
  W: { en: 'W', hi: 'जीत' },
  L: { en: 'L', hi: 'हार' },
  T: { en: 'T', hi: 'टाई' },
  D: { en: 'D', hi: 'ड्रॉ' },
  NR: { en: 'NR', hi: 'बेनतीजा' },
};

const DATE_FORMATS: Record<PreviewLang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** 'Test', 'T20I' and their Hindi words, and the matches of that type in a sentence. */
function typeWords(facts: PreviewFacts, lang: PreviewLang) {
  const type = formatTypeLabel(facts.formatType, lang);
  return { type, matches: (n: number) => (lang === 'en' ? `${n} ${type} ${n === 1 ? 'match' : 'matches'}` : `${n} ${type} मैचों`) };
}

function formSentence(facts: PreviewFacts, side: PreviewSide): Sentence | null {
  const form = recentForm(facts.matches, facts.teams[side].key);
  const count = form.results.length;
  if (count === 0) return null;
  const name = facts.teams[side].name;
  const en = typeWords(facts, 'en');
  const hi = typeWords(facts, 'hi');
  const letters = (lang: PreviewLang) => form.results.map((result) => LETTER_WORDS[result.letter][lang]).join(lang === 'en' ? ' ' : ', ');
  const others = form.other > 0;
  return {
    en: `${name} won ${form.won} and lost ${form.lost}${others ? `, with ${form.other} drawn, tied or without a result,` : ''} of their last ${en.matches(count)} (latest first: ${letters('en')}).`,
    hi: `अपने पिछले ${hi.matches(count)} में ${name} को ${form.won} में जीत और ${form.lost} में हार मिली${others ? `, ${form.other} मैच ड्रॉ, टाई या बेनतीजा रहे` : ''} (सबसे हाल का पहले: ${letters('hi')})।`,
    claims: [{ kind: 'form', team: facts.teams[side].key, results: form.results.map((r) => r.letter), won: form.won, lost: form.lost, other: form.other, matchKeys: form.results.map((r) => r.matchKey) }],
  };
}

function headToHeadSentence(facts: PreviewFacts): Sentence | null {
  const h2h = previewHeadToHead(facts.matches, { a: facts.teams.a.key, b: facts.teams.b.key });
  const [a, b] = [facts.teams.a.name, facts.teams.b.name];
  const en = typeWords(facts, 'en');
  const hi = typeWords(facts, 'hi');
  if (h2h.played === 0) {
    return {
      en: `${a} and ${b} have not met in a ${en.type} match in the site's data.`,
      hi: `इस साइट के आँकड़ों में ${a} और ${b} का कोई ${hi.type} मुक़ाबला नहीं है।`,
      claims: [{ kind: 'headToHead', played: 0, won: { a: 0, b: 0 }, drawn: 0, tied: 0, noResult: 0 }],
    };
  }
  const restEn = [h2h.drawn > 0 ? `${h2h.drawn} drawn` : '', h2h.tied > 0 ? `${h2h.tied} tied` : '', h2h.noResult > 0 ? `${h2h.noResult} without a result` : ''].filter(Boolean);
  const restHi = [h2h.drawn > 0 ? `${h2h.drawn} ड्रॉ` : '', h2h.tied > 0 ? `${h2h.tied} टाई` : '', h2h.noResult > 0 ? `${h2h.noResult} बेनतीजा` : ''].filter(Boolean);
  return {
    en: `Head to head: of the ${en.matches(h2h.played)} between them in the site's data, ${a} won ${h2h.won.a} and ${b} ${h2h.won.b}${restEn.length > 0 ? `, ${restEn.join(', ')}` : ''}.`,
    hi: `आमने-सामने: इस साइट के आँकड़ों में दोनों के बीच ${hi.matches(h2h.played)} में से ${a} ने ${h2h.won.a} और ${b} ने ${h2h.won.b} ${matchesWon(h2h.won.b)}${restHi.length > 0 ? `, ${restHi.join(', ')}` : ''}।`,
    claims: [{ kind: 'headToHead', played: h2h.played, won: h2h.won, drawn: h2h.drawn, tied: h2h.tied, noResult: h2h.noResult }],
  };
}

function venueSentence(facts: PreviewFacts): Sentence | null {
  if (!facts.venue) return null;
  const record = venueRecord(facts.matches, facts.venue.id);
  if (record.matches === 0 || record.firstInningsAverage === null) return null;
  const place = facts.venue.name;
  const en = typeWords(facts, 'en');
  const hi = typeWords(facts, 'hi');
  // A Test's side batting second may not be chasing until the last innings: "batting second".
  const limited = facts.format !== 'test';
  const secondEn = limited ? 'chasing' : 'batting second';
  const secondHi = limited ? 'लक्ष्य का पीछा करने वाली' : 'बाद में बल्लेबाज़ी करने वाली';
  const otherEn = record.other > 0 ? `; ${plural(record.other, 'match', 'matches')} had no winner` : '';
  const otherHi = record.other > 0 ? `; ${record.other} मैचों में कोई नहीं जीता` : '';
  return {
    en: `At ${place}, the first innings has averaged ${record.firstInningsAverage} in the ${en.matches(record.matches)} played there in the site's data; the side batting first won ${record.wonBattingFirst} and the side ${secondEn} ${record.wonBattingSecond}${otherEn}.`,
    hi: `इस साइट के आँकड़ों में ${place} पर खेले गए ${hi.matches(record.matches)} में पहली पारी का औसत स्कोर ${record.firstInningsAverage} रहा; पहले बल्लेबाज़ी करने वाली टीम ने ${record.wonBattingFirst} और ${secondHi} टीम ने ${record.wonBattingSecond} ${matchesWon(record.wonBattingSecond)}${otherHi}।`,
    claims: [{ kind: 'venue', matches: record.matches, firstInningsAverage: record.firstInningsAverage, wonBattingFirst: record.wonBattingFirst, wonBattingSecond: record.wonBattingSecond, other: record.other }],
  };
}

function inFormSentences(facts: PreviewFacts, side: PreviewSide): Sentence[] {
  const team = facts.teams[side];
  const form = recentForm(facts.matches, team.key);
  const keys = form.results.map((result) => result.matchKey);
  if (keys.length === 0) return [];
  const { batter, bowler } = playersInForm(facts.lines, team.key, keys);
  const found: Sentence[] = [];
  const en = typeWords(facts, 'en');
  const hi = typeWords(facts, 'hi');
  if (batter) {
    found.push({
      en: `${batter.player.name} has made the most runs for ${team.name} in those ${en.matches(keys.length)}: ${batter.total} in ${plural(batter.innings, 'innings', 'innings')}.`,
      hi: `इन ${hi.matches(keys.length)} में ${team.name} के लिए सबसे ज़्यादा रन ${batter.player.name} ने बनाए हैं: ${batter.innings} पारियों में ${batter.total} रन।`,
      claims: [{ kind: 'inForm', figure: 'runs', team: team.key, player: batter.player.name, total: batter.total, innings: batter.innings, matches: keys.length }],
    });
  }
  if (bowler) {
    found.push({
      en: `${bowler.player.name} has taken the most wickets: ${bowler.total} in ${plural(bowler.innings, 'innings', 'innings')}.`,
      hi: `सबसे ज़्यादा विकेट ${bowler.player.name} ने लिए हैं: ${bowler.innings} पारियों में ${bowler.total} विकेट।`,
      claims: [{ kind: 'inForm', figure: 'wickets', team: team.key, player: bowler.player.name, total: bowler.total, innings: bowler.innings, matches: keys.length }],
    });
  }
  return found;
}

function milestoneSentences(facts: PreviewFacts): Sentence[] {
  const en = typeWords(facts, 'en');
  const hi = typeWords(facts, 'hi');
  const found: Sentence[] = milestonesInReach(facts.careers, facts.format).map((m) => ({
    en: `${m.player.name} needs ${m.needed} for ${thousands(m.target, 'en')} ${en.type} ${m.kind === 'runs' ? 'runs' : 'wickets'}.`,
    hi: `${m.player.name} को ${m.target} ${hi.type} ${m.kind === 'runs' ? 'रन' : 'विकेट'} पूरे करने के लिए ${m.needed} ${m.kind === 'runs' ? 'रन' : 'विकेट'} चाहिए।`,
    claims: [{ kind: 'milestone', team: m.team, player: m.player.name, figure: m.kind, total: m.total, target: m.target, needed: m.needed }],
  }));
  if (found.length === 0) return [];
  // Careers count what the site holds: say so once.
  found.push({ en: `Career figures count the ${en.type} matches in the site's data.`, hi: `करियर के आँकड़े इस साइट के ${hi.type} मैचों से गिने गए हैं।`, claims: [] });
  return found;
}

function joined(sentences: readonly (Sentence | null)[]): Sentence | null {
  const present = sentences.filter((s): s is Sentence => s !== null);
  if (present.length === 0) return null;
  return { en: present.map((s) => s.en).join(' '), hi: present.map((s) => s.hi).join(' '), claims: present.flatMap((s) => s.claims) };
}

/** The facts with every name in Hindi (facts.hindiName), for the Hindi text. */
function inHindi(facts: PreviewFacts): PreviewFacts {
  const name = facts.hindiName;
  if (!name) return facts;
  const player = (p: { key: string; name: string }) => ({ ...p, name: name('player', p.name, p.key) });
  return {
    ...facts,
    tournament: { ...facts.tournament, name: name('tournament', facts.tournament.name) },
    venue: facts.venue && { ...facts.venue, name: name('venue', facts.venue.name) },
    teams: { a: { ...facts.teams.a, name: name('team', facts.teams.a.name) }, b: { ...facts.teams.b, name: name('team', facts.teams.b.name) } },
    lines: facts.lines.map((line) => ({ ...line, player: player(line.player) })),
    careers: facts.careers.map((career) => ({ ...career, player: player(career.player) })),
  };
}

/**
 * The preview of a scheduled match: the English text, claims and tags from the facts as given,
 * the Hindi text from the same facts with their names in Hindi (the same sentences and claims).
 */
export function writeMatchPreview(facts: PreviewFacts): MatchPreview {
  const preview = composePreview(facts);
  if (!facts.hindiName) return preview;
  return { ...preview, texts: { en: preview.texts.en, hi: composePreview(inHindi(facts)).texts.hi } };
}

function composePreview(facts: PreviewFacts): MatchPreview {
  const [a, b] = [facts.teams.a.name, facts.teams.b.name];
  const en = typeWords(facts, 'en');
  const hi = typeWords(facts, 'hi');
  const paragraphs = [
    joined([formSentence(facts, 'a'), formSentence(facts, 'b')]),
    joined([headToHeadSentence(facts), venueSentence(facts)]),
    joined(inFormSentences(facts, 'a')),
    joined(inFormSentences(facts, 'b')),
    joined(milestoneSentences(facts)),
  ].filter((p): p is Sentence => p !== null);
  const day = (lang: PreviewLang) => DATE_FORMATS[lang].format(new Date(facts.startAt));
  const place = (lang: PreviewLang) => (facts.venue ? (lang === 'en' ? ` at ${facts.venue.name}` : `${facts.venue.name} में `) : '');
  const texts = (lang: PreviewLang): PreviewText => ({
    heading: lang === 'en' ? `Preview: ${a} v ${b}, ${en.type}` : `मैच से पहले: ${a} बनाम ${b}, ${hi.type}`,
    sub_heading: [facts.tournament.name, facts.venue?.name ?? '', day(lang)].filter(Boolean).join(' · '),
    content:
      lang === 'en'
        ? `${a} play ${b} in a ${en.type} match${place('en')} on ${day('en')}. What the ${en.type} matches in the site's data say before it.`
        : `${a} और ${b} के बीच ${place('hi')}${day('hi')} को ${hi.type} मैच खेला जाएगा। इससे पहले इस साइट के ${hi.type} मैचों के आँकड़े क्या कहते हैं, यह रहा।`,
    paragraphs: paragraphs.map((p) => p[lang]),
  });
  const claims = paragraphs.flatMap((p) => p.claims);
  const named = new Map<string, string>();
  for (const line of facts.lines) named.set(line.player.name, line.player.key);
  for (const career of facts.careers) named.set(career.player.name, career.player.key);
  const playerKeys = [...new Set(claims.flatMap((claim) => ('player' in claim ? [named.get(claim.player)] : [])).filter((key): key is string => key !== undefined))];
  return {
    texts: { en: texts('en'), hi: texts('hi') },
    claims,
    tags: matchArticleTags(facts, playerKeys),
  };
}
