// CSV as RFC 4180 writes it, shared by the readers of schedule files, Cricsheet's register and
// player profiles.

/** RFC 4180 records (quoted fields may hold commas, quotes as "" and line breaks), each with its first line. */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line++;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''));
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
