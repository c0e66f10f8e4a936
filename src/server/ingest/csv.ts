// CSV as RFC 4180 writes it, shared by the readers of schedule files, Cricsheet's register and
// player profiles.

/** RFC 4180 records (quoted fields may hold commas, quotes as "" and line breaks), each with its first line. */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let at = 0;
  const end = text.length;
  // Field by field: an unquoted field is one slice up to the next comma or line break (a 2 MB
  // file char by char took a second); a quoted one is read char by char for its "" and breaks.
  while (at <= end) {
    let field: string;
    if (text[at] === '"') {
      field = '';
      at++;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote === -1) {
          field += text.slice(at);
          at = end;
          break;
        }
        const part = text.slice(at, quote);
        for (let i = part.indexOf('\n'); i !== -1; i = part.indexOf('\n', i + 1)) line++;
        field += part;
        if (text[quote + 1] === '"') {
          field += '"';
          at = quote + 2;
        } else {
          at = quote + 1;
          break;
        }
      }
      // Anything between the closing quote and the next separator belongs to the field, as before.
      const next = nextSeparator(text, at);
      field += text.slice(at, next);
      at = next;
    } else {
      const next = nextSeparator(text, at);
      field = text.slice(at, next);
      at = next;
    }
    fields.push(field);
    const separator = text[at];
    if (separator === ',') {
      at++;
      continue;
    }
    // A line break or the end of the text ends the record.
    records.push({ line: recordLine, fields });
    fields = [];
    if (separator === '\r' && text[at + 1] === '\n') at++;
    at++;
    line++;
    recordLine = line;
    if (at >= end) break;
  }
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''));
}

/** Where the field starting at `from` ends: the next comma, line break or the text's end. */
function nextSeparator(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 44 || char === 10 || char === 13) return i;
  }
  return text.length;
}

/** Records as objects keyed by the header's (trimmed, lowercased) column names, each with its line. */
export function csvObjects(text: string): { header: string[]; rows: { line: number; values: Record<string, string> }[] } {
  const [head, ...records] = csvRecords(text.replace(/^\uFEFF/, ''));
  const header = (head?.fields ?? []).map((name) => name.trim().toLowerCase());
  return {
    header,
    rows: records.map((record) => ({
      line: record.line,
      values: Object.fromEntries(header.map((name, at) => [name, (record.fields[at] ?? '').trim()])),
    })),
  };
}
