// Tournament names in Hindi (issue 30, docs/hindi-style-guide.md), through localName('tournament',
// ...): the events Hindi desks name in Hindi (a table, written for Crease, not yet checked against a
// second source), and the names Cricsheet builds from two sides ('India tour of England 2018' ->
// 'भारत का इंग्लैंड दौरा 2018', 'India v England 2018' -> 'भारत बनाम इंग्लैंड 2018') with the
// sides' Hindi names. A name neither covers stays as Cricsheet writes it.

/** Events by their Cricsheet name, in Hindi as desks write them. */
export const EVENT_NAMES: Readonly<Record<string, string>> = {
  'Indian Premier League': 'इंडियन प्रीमियर लीग',
  "Women's Premier League": 'महिला प्रीमियर लीग',
  'The Ashes': 'एशेज़',
  "Women's Ashes": 'महिला एशेज़',
  "ICC Men's T20 World Cup": 'आईसीसी पुरुष टी20 विश्व कप',
  "ICC Women's T20 World Cup": 'आईसीसी महिला टी20 विश्व कप',
  'ICC World Twenty20': 'आईसीसी विश्व ट्वेंटी20',
  'ICC Cricket World Cup': 'आईसीसी क्रिकेट विश्व कप',
  "ICC Men's Cricket World Cup": 'आईसीसी पुरुष क्रिकेट विश्व कप',
  'ICC World Cup': 'आईसीसी विश्व कप',
  "ICC Women's World Cup": 'आईसीसी महिला विश्व कप',
  'ICC Champions Trophy': 'आईसीसी चैंपियंस ट्रॉफ़ी',
  'ICC World Test Championship Final': 'आईसीसी विश्व टेस्ट चैंपियनशिप फ़ाइनल',
  'Asia Cup': 'एशिया कप',
  "Women's Asia Cup": 'महिला एशिया कप',
  'Border-Gavaskar Trophy': 'बॉर्डर-गावस्कर ट्रॉफ़ी',
  'Anderson-Tendulkar Trophy': 'एंडरसन-तेंदुलकर ट्रॉफ़ी',
  'Ranji Trophy': 'रणजी ट्रॉफ़ी',
  'Syed Mushtaq Ali Trophy': 'सैयद मुश्ताक अली ट्रॉफ़ी',
  'Vijay Hazare Trophy': 'विजय हज़ारे ट्रॉफ़ी',
  'Sheffield Shield': 'शेफ़ील्ड शील्ड',
  'Big Bash League': 'बिग बैश लीग',
  'Pakistan Super League': 'पाकिस्तान सुपर लीग',
  'Caribbean Premier League': 'कैरेबियन प्रीमियर लीग',
  // Short names (cards, the series carousel) as Hindi desks write them: 'आईपीएल 2025'.
  IPL: 'आईपीएल',
  WPL: 'डब्ल्यूपीएल',
};

/** A season as Cricsheet writes it at the end of a name: '2018', '2025/26'. */
const SEASON = /\s+(\d{4}(?:\/\d{2,4})?)$/;

/**
 * The Hindi name of a tournament, or null when none is known. `team` gives a side's Hindi name
 * (localName('team', ...)); 'X Women tour of Y' is X's women's team's tour.
 */
export function hindiTournamentName(latin: string, team: (name: string) => string): string | null {
  const seasonMatch = SEASON.exec(latin);
  const season = seasonMatch ? ` ${seasonMatch[1]}` : '';
  const event = seasonMatch ? latin.slice(0, seasonMatch.index) : latin;
  const known = EVENT_NAMES[event];
  if (known) return `${known}${season}`;
  const tour = /^(.+?) tour of (.+)$/.exec(event);
  if (tour) {
    const visitors = team(tour[1]!);
    const hosts = tour[2]!.split(' and ').map((host) => team(host));
    const side = / women$/i.test(tour[1]!) ? `${visitors} टीम` : visitors;
    return `${side} का ${hosts.join(' और ')} दौरा${season}`;
  }
  const meeting = /^(.+?) v (.+)$/.exec(event);
  if (meeting) return `${team(meeting[1]!)} बनाम ${team(meeting[2]!)}${season}`;
  return null;
}
