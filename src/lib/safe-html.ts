// A tiny allow-list sanitiser for the commentary's rich text. The service sends HTML limited
// to <b>, <strong>, <em> and <br>; this keeps exactly those (without attributes), drops every
// other tag, removes <script>/<style> bodies, escapes all remaining text and closes any tag
// left open, so whatever the data holds cannot inject markup into the page.

const INLINE = new Set(['b', 'strong', 'em']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'textarea', 'title']);

/** Tags, comments and doctype-like constructs; anything else with '<' is text. */
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!?\/?[a-zA-Z][^<>]*>/g;
const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/;
/** Well-formed character references are kept as they are; a bare '&' is escaped. */
const ENTITY = /^&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '&') {
      const entity = ENTITY.exec(text.slice(i, i + 40));
      if (entity) {
        out += entity[0];
        i += entity[0].length - 1;
      } else {
        out += '&amp;';
      }
    } else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&#39;';
    else out += ch;
  }
  return out;
}

/** HTML safe to render with set:html: only b, strong, em and br survive, balanced. */
export function safeHtml(input: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  for (const match of input.matchAll(TOKEN)) {
    const token = match[0];
    const text = input.slice(last, match.index);
    last = match.index + token.length;
    if (dropping === null) out += escapeText(text);
    const tag = TAG.exec(token);
    if (!tag) continue; // comment or <!doctype>: dropped
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    if (dropping !== null) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name) && !closing) {
      if (!/\/>$/.test(token)) dropping = name;
      continue;
    }
    if (name === 'br') {
      if (!closing) out += '<br>';
      continue;
    }
    if (!INLINE.has(name)) continue;
    if (!closing) {
      open.push(name);
      out += `<${name}>`;
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at === -1) continue; // a stray closing tag
    while (open.length > at) out += `</${open.pop()!}>`;
  }
  if (dropping === null) out += escapeText(input.slice(last));
  while (open.length > 0) out += `</${open.pop()!}>`;
  return out;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Plain text of a rich-text string (tags removed, common entities decoded), for titles and speech. */
export function htmlToText(input: string): string {
  return input
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(TOKEN, '')
    .replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);/g, (entity, body: string) => {
      if (body.startsWith('#')) {
        const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
      }
      return NAMED[body.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A commentary line 'Bowler to Batter, FOUR: driven through cover' split at its first colon:
 * the title as plain text and the rest as safe HTML. Without a colon the whole comment is the body.
 */
export function splitComment(comment: string): { title: string; body: string } {
  const colon = comment.indexOf(':');
  if (colon === -1) return { title: '', body: safeHtml(comment) };
  return { title: htmlToText(comment.slice(0, colon)), body: safeHtml(comment.slice(colon + 1).trimStart()) };
}

/**
 * JSON for a <script type="application/ld+json"> body: '<', '>' and '&' as \u escapes, so no
 * text in the data can close the element or open a comment; line separators escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
