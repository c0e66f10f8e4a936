// Reading rendered HTML as a browser would, enough for the security tests: the inline scripts
// it would run, and the tags that carry an event handler attribute.

/** The inline scripts a browser would run: no src, and a JavaScript type (or none). */
export function inlineScriptTexts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
    .filter(([, attributes = '']) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
      return type === undefined || type === 'module' || type === 'text/javascript';
    })
    .map(([, , text = '']) => text);
}

// A start tag with its attributes; a quoted value may hold '<' and '>' (text such as a name
// inside alt="..."), which stays part of the value, as it does for a browser.
const START_TAG = /<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
const ATTRIBUTE_NAME = /\s([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/g;

/** Start tags that carry an event handler attribute (onerror=, onload=, ...). */
export function tagsWithEventHandlers(html: string): string[] {
  return [...html.matchAll(START_TAG)]
    .filter(([, , attributes = '']) => [...attributes.matchAll(ATTRIBUTE_NAME)].some(([, name = '']) => /^on/i.test(name)))
    .map(([tag]) => tag.slice(0, 120));
}
