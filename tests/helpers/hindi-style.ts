// The rules of docs/hindi-style-guide.md a machine can check, over Hindi text (a dictionary
// string, a page's text nodes, an API answer's strings). Each finding names the rule and the text.

export interface StyleProblem {
  rule: 'latin-notation' | 'result-verb' | 'date' | 'full-stop' | 'glossary';
  text: string;
  found: string;
}

const DEVANAGARI = /[\u0900-\u097F]/;

/** Abbreviations that keep their dot (the guide's notation and heads). */
const ABBREVIATIONS = new Set(['का.', 'बो.', 'स्टं.', 'स्ट्रा.', 'रे.', 'डॉ.']);

/** Words the glossary rejects, with the word to write instead. */
export const REJECTED_WORDS: Record<string, string> = {
  'कोई परिणाम नहीं': 'बेनतीजा',
  'पॉइंट टेबल': 'अंक तालिका',
  'पॉइंट्स टेबल': 'अंक तालिका',
  'इको.': 'इकॉनमी',
  'एलबीडब्ल्यू': 'पगबाधा',
  'चाय': 'टी ब्रेक',
  'बल्लेबाज़ी का ढहना': 'बल्लेबाज़ी लड़खड़ाई',
  'टूटी रेखा': 'बिंदीदार रेखा',
  'सब्स्टीट्यूट': 'स्थानापन्न',
  'कॉट एंड बोल्ड': 'का. व बो.',
  'विकेट-झड़ी': 'चार विकेट',
  'इस कुंजी': 'यह मैच नहीं मिला',
  'क्वालिफ़ायर': 'क्वालीफ़ायर',
};

const HI_MONTHS = 'जनवरी|फ़रवरी|फरवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्तूबर|अक्टूबर|नवंबर|दिसंबर';

/** Latin cricket notation and heads: 'c X b Y', 'lbw b', 'c & b', '(w 9)', '1wd', '120/3 in 15.2', '4s', 'SR', 'NRR', W/L/NR badges. */
const LATIN_NOTATION: RegExp[] = [
  /(?:^|[\s(])c\s+(?:sub\s+)?\S+(?:\s+\S+){0,3}\s+b\s+\S/,
  /(?:^|[\s(])(?:lbw|c\s*&\s*b|st)\s+(?:b\s+)?\S/,
  /\((?:w|nb|lb|b|pen)\s+\d+/,
  /\b\d*(?:wd|nb)\b/,
  // A score with its overs in the provider's English ('120/3 in 15.2'), not '120/3 (15.2 ओवर)'.
  /\b\d+\/\d+\s+in\s+\d+(?:\.\d+)?\b/,
];
const LATIN_HEADS = new Set(['4s', '6s', 'SR', 'NRR', 'W', 'L', 'NR', 'Econ', 'Eco', "4's", "6's"]);

/**
 * A result verb agreeing with a team: 'इंग्लैंड 118 रन से जीती', 'RCB जीते'. The guide's forms
 * put the team before ने ('इंग्लैंड ने ... जीत दर्ज की', 'X ने सुपर ओवर जीता'), so a जीता/जीती/जीते
 * with no ने before it in its clause has a team for its subject.
 */
function resultVerbProblem(text: string): string | null {
  for (const clause of text.split(/[।,;:()\n]/)) {
    for (const verb of clause.matchAll(/(?<=^|\s)(?:जीती|जीता|जीते)(?=\s|$|!|\?)/gu)) {
      const before = clause.slice(0, verb.index);
      // A bare column head ('जीते') has no subject; after ने the verb agrees with its object; 'टीम' is feminine.
      if (before.trim() === '' || /(^|\s)(ने|टीम)(\s|$)/.test(before)) continue;
      return clause.trim();
    }
  }
  return null;
}

/** The guide's problems in one piece of Hindi text. */
export function hindiStyleProblems(text: string): StyleProblem[] {
  const problems: StyleProblem[] = [];
  const add = (rule: StyleProblem['rule'], found: string) => problems.push({ rule, text, found });
  const trimmed = text.trim();
  if (LATIN_HEADS.has(trimmed)) add('latin-notation', trimmed);
  for (const pattern of LATIN_NOTATION) {
    const hit = pattern.exec(text);
    if (hit) add('latin-notation', hit[0]);
  }
  if (DEVANAGARI.test(text)) {
    const verb = resultVerbProblem(text);
    if (verb !== null) add('result-verb', verb);
  }
  const iso = /\b\d{4}-\d{2}-\d{2}\b/.exec(text);
  if (iso) add('date', iso[0]);
  const zero = new RegExp(`(?:^|\\D)(0\\d\\s+(?:${HI_MONTHS}))`).exec(text);
  if (zero) add('date', zero[1]!);
  const short = /[\u0900-\u097F]+॰/.exec(text);
  if (short) add('date', short[0]);
  for (const word of text.matchAll(/(\S*[\u0900-\u097F])\.(?=\s|$|["'”<])/gu)) {
    const lastWord = `${word[1]!.split(/[\s(]/).at(-1)}.`;
    if (!ABBREVIATIONS.has(lastWord)) add('full-stop', lastWord);
  }
  // A Devanagari sentence ending on a figure or a bracket: 'RCB 20 ओवर में 190/9.'
  if (DEVANAGARI.test(text)) {
    for (const end of text.matchAll(/(\S*[\d)%])\.(?=\s|$)/gu)) add('full-stop', `${end[1]}.`);
  }
  for (const rejected of Object.keys(REJECTED_WORDS)) {
    if (text.includes(rejected)) add('glossary', rejected);
  }
  return problems;
}

/** The text of an HTML page, node by node: scripts, styles and tags dropped, entities of the page's own kind decoded. */
export function htmlTextNodes(html: string): string[] {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .split(/<[^>]*>/)
    .map((text) =>
      text
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((text) => text !== '');
}

/** Every string inside a JSON value. */
export function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(jsonStrings);
  return [];
}
