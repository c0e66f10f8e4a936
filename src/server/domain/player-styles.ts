// Batting and bowling styles and playing roles, in one vocabulary whatever the source's spelling
// (docs/decisions/055-people-register-and-profiles.md). Sources write 'Right hand Bat' and
// 'Right-hand bat', 'Right arm Fast medium' and 'right-arm fast-medium', 'Legbreak Googly',
// 'Slow Left arm Orthodox', 'Wicketkeeper Batter', 'wicket-keeper' (Wikidata's position label),
// 'Allrounder'; the site shows each as ESPNcricinfo's and the record books' current wording:
// 'Right-hand bat', 'Right-arm fast-medium', 'Right-arm leg-break googly', 'Slow left-arm orthodox',
// 'Wicketkeeper-batter', 'All-rounder'. What cannot be read is dropped (null), never guessed.
import type { PlayerRole } from './player-role.ts';

export const BATTING_STYLES = ['Right-hand bat', 'Left-hand bat'] as const;
export type BattingStyle = (typeof BATTING_STYLES)[number];

export const PLAYING_ROLES = [
  'Batter',
  'Opening batter',
  'Top-order batter',
  'Middle-order batter',
  'Wicketkeeper-batter',
  'Wicketkeeper',
  'All-rounder',
  'Batting all-rounder',
  'Bowling all-rounder',
  'Bowler',
] as const;
export type PlayingRole = (typeof PLAYING_ROLES)[number];

export function isPlayingRole(value: string): value is PlayingRole {
  return (PLAYING_ROLES as readonly string[]).includes(value);
}

/** Lowercase words with hyphens, dots and brackets as spaces: 'Right-arm Fast-Medium' -> 'right arm fast medium'. */
function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/[-_.()/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'Right hand Bat', 'right-handed batsman', 'RHB', 'right-handedness' (Wikidata's playing hand) -> 'Right-hand bat'. */
export function normaliseBattingStyle(text: string | null | undefined): BattingStyle | null {
  if (!text) return null;
  const w = words(text);
  if (w === 'rhb' || /^right( hand(ed)?(ness)?)?( bat(ter|sman|swoman)?)?$/.test(w)) return 'Right-hand bat';
  if (w === 'lhb' || /^left( hand(ed)?(ness)?)?( bat(ter|sman|swoman)?)?$/.test(w)) return 'Left-hand bat';
  return null;
}

/** Pace words in the vocabulary's order: the first word is the main one ('fast-medium' is quicker than 'medium-fast'). */
const PACES: readonly [RegExp, string][] = [
  [/^fast medium$/, 'fast-medium'],
  [/^medium fast$/, 'medium-fast'],
  [/^slow medium$/, 'slow-medium'],
  [/^medium slow$/, 'slow-medium'],
  [/^(fast|express|quick)$/, 'fast'],
  [/^medium( pace)?$/, 'medium'],
  [/^slow$/, 'slow'],
];

/** One style: 'Right arm Offbreak' -> 'Right-arm off-break'; null when it is not one. */
function oneBowlingStyle(text: string): string | null {
  let w = words(text);
  w = w.replace(/\bleg ?break\b/g, 'legbreak').replace(/\boff ?break\b/g, 'offbreak').replace(/\boff ?spin(ner)?\b/g, 'offbreak').replace(/\bleg ?spin(ner)?\b/g, 'legbreak');
  w = w.replace(/\bchinaman\b/g, 'wrist spin').replace(/\bwrist ?spin(ner)?\b/g, 'wrist spin');
  // Which arm: 'right arm', 'right-arm', 'right armed'; a leg-break or off-break alone is right-arm.
  const arm = /\bleft\b/.test(w) ? 'left' : /\bright\b/.test(w) ? 'right' : null;
  const rest = w
    .replace(/\b(right|left)( armed| arm)?\b/g, '')
    .replace(/\bunknown arm\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^slow (left )?(arm )?orthodox$|^orthodox$|^slow orthodox$|^left arm orthodox$/.test(rest) || (arm === 'left' && /orthodox/.test(rest))) {
    return 'Slow left-arm orthodox';
  }
  if (/^legbreak googly$|^googly$/.test(rest)) return 'Right-arm leg-break googly';
  if (rest === 'legbreak') return arm === 'left' ? 'Left-arm wrist-spin' : 'Right-arm leg-break';
  if (rest === 'offbreak') return arm === 'left' ? 'Left-arm off-break' : 'Right-arm off-break';
  if (rest === 'wrist spin') return arm === 'right' ? 'Right-arm leg-break' : 'Left-arm wrist-spin';
  if (arm === null) return null;
  const Arm = arm === 'left' ? 'Left-arm' : 'Right-arm';
  if (rest === '' || rest === 'bowler') return `${Arm} bowler`;
  for (const [pattern, pace] of PACES) if (pattern.test(rest)) return `${Arm} ${pace}`;
  return null;
}

/**
 * A bowling style in the vocabulary; several, as ESPNcricinfo lists some players ('Right arm
 * Medium, Right arm Offbreak'), joined by ', ' with repeats dropped; null when none reads.
 */
export function normaliseBowlingStyle(text: string | null | undefined): string | null {
  if (!text) return null;
  const styles = [...new Set(text.split(/[,;&]|\band\b/).flatMap((part) => oneBowlingStyle(part.trim()) ?? []))];
  return styles.length > 0 ? styles.join(', ') : null;
}

/**
 * A playing role in the vocabulary: 'Top order Batter' -> 'Top-order batter', 'Wicketkeeper
 * Batter' and 'wicket-keeper batsman' -> 'Wicketkeeper-batter', 'Allrounder' -> 'All-rounder',
 * 'batsman' (Wikidata) -> 'Batter'; null when it is no role.
 */
export function normalisePlayingRole(text: string | null | undefined): PlayingRole | null {
  if (!text) return null;
  const w = words(text).replace(/\bwicket ?keeper\b/g, 'wicketkeeper').replace(/\ball ?rounder\b/g, 'allrounder').replace(/\bbats(man|woman)\b/g, 'batter');
  if (/^wicketkeeper( and)? batter$|^batter wicketkeeper$/.test(w)) return 'Wicketkeeper-batter';
  if (w === 'wicketkeeper') return 'Wicketkeeper';
  if (/^batting allrounder$/.test(w)) return 'Batting all-rounder';
  if (/^bowling allrounder$/.test(w)) return 'Bowling all-rounder';
  if (w === 'allrounder') return 'All-rounder';
  if (/^open(ing|er)( batter)?$/.test(w)) return 'Opening batter';
  if (/^top order( batter)?$/.test(w)) return 'Top-order batter';
  if (/^middle order( batter)?$/.test(w)) return 'Middle-order batter';
  if (w === 'batter') return 'Batter';
  if (w === 'bowler' || /^(fast|pace|spin|seam) bowler$/.test(w)) return 'Bowler';
  return null;
}

/** The provider's role codes of a playing role, most telling first (as player-role.ts derives them). */
export function roleCodesOf(role: PlayingRole): PlayerRole[] {
  switch (role) {
    case 'Wicketkeeper-batter':
    case 'Wicketkeeper':
      return ['wc', 'bt'];
    case 'All-rounder':
    case 'Batting all-rounder':
    case 'Bowling all-rounder':
      return ['ar'];
    case 'Bowler':
      return ['bo'];
    default:
      return ['bt'];
  }
}

const ROLE_HI: Record<PlayingRole, string> = {
  Batter: 'बल्लेबाज़',
  'Opening batter': 'सलामी बल्लेबाज़',
  'Top-order batter': 'शीर्ष क्रम बल्लेबाज़',
  'Middle-order batter': 'मध्य क्रम बल्लेबाज़',
  'Wicketkeeper-batter': 'विकेटकीपर-बल्लेबाज़',
  Wicketkeeper: 'विकेटकीपर',
  'All-rounder': 'ऑलराउंडर',
  'Batting all-rounder': 'बल्लेबाज़ी ऑलराउंडर',
  'Bowling all-rounder': 'गेंदबाज़ी ऑलराउंडर',
  Bowler: 'गेंदबाज़',
};

/** A playing role of the vocabulary in the page's language; other text unchanged. */
export function playingRoleLabel(role: string, lang: 'en' | 'hi'): string {
  return lang === 'hi' && isPlayingRole(role) ? ROLE_HI[role] : role;
}

const STYLE_HI: Record<string, string> = {
  'Right-hand bat': 'दाएँ हाथ के बल्लेबाज़',
  'Left-hand bat': 'बाएँ हाथ के बल्लेबाज़',
  'Slow left-arm orthodox': 'बाएँ हाथ से धीमी ऑर्थोडॉक्स स्पिन',
  'Left-arm wrist-spin': 'बाएँ हाथ से कलाई की स्पिन',
  'Right-arm leg-break googly': 'दाएँ हाथ से लेग ब्रेक गुगली',
};
const PACE_HI: Record<string, string> = {
  fast: 'तेज़',
  'fast-medium': 'तेज़-मध्यम',
  'medium-fast': 'मध्यम-तेज़',
  medium: 'मध्यम गति',
  'slow-medium': 'धीमी-मध्यम',
  slow: 'धीमी',
  'off-break': 'ऑफ़ ब्रेक',
  'leg-break': 'लेग ब्रेक',
  bowler: 'गेंदबाज़',
};

/** A batting or bowling style of the vocabulary (several joined by ', ') in the page's language. */
export function styleLabel(style: string, lang: 'en' | 'hi'): string {
  if (lang === 'en') return style;
  return style
    .split(', ')
    .map((one) => {
      if (STYLE_HI[one]) return STYLE_HI[one];
      const match = /^(Right|Left)-arm (.+)$/.exec(one);
      const pace = match && PACE_HI[match[2]!];
      return match && pace ? `${match[1] === 'Right' ? 'दाएँ' : 'बाएँ'} हाथ से ${pace}` : one;
    })
    .join(', ');
}
