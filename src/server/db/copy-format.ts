// Encodes rows in PostgreSQL's COPY text format, the fastest way to load many rows
// into both PGlite and a PostgreSQL server.
export type CopyValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[] | object;

function escapeText(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (ch) =>
    ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r',
  );
}

function arrayLiteral(values: readonly (string | number | boolean)[]): string {
  // Arrays of numbers (an innings' deliveries) are the bulk of an import: joined as they are.
  if (typeof values[0] === 'number') return `{${values.join(',')}}`;
  const items = values.map((value) =>
    typeof value === 'string' ? `"${value.replace(/["\\]/g, (ch) => `\\${ch}`)}"` : typeof value === 'boolean' ? (value ? 't' : 'f') : String(value),
  );
  return `{${items.join(',')}}`;
}

/** A value already in COPY text form (a bytea's escaped hex), written as it is. */
export class CopyText {
  constructor(readonly text: string) {}
}

export function encodeCopyValue(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof CopyText) return value.text;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'string') return escapeText(value);
  if (Array.isArray(value)) return escapeText(arrayLiteral(value as (string | number | boolean)[]));
  return escapeText(JSON.stringify(value));
}

function encodeLine(row: readonly CopyValue[]): string {
  return row.map(encodeCopyValue).join('\t');
}

/** Appends rows to a COPY text buffer; one line a row. `T` is the table's name (typed deletes of the same rows). */
export class CopyBuffer<T extends string = string> {
  private readonly lines: string[] = [];
  /** The rows as given, when kept (`keepRows`): a statement that is not a COPY writes them (a live ball's few rows). */
  readonly rows: (readonly CopyValue[])[] | null;
  constructor(
    readonly table: T,
    readonly columns: readonly string[],
    { keepRows = false }: { keepRows?: boolean } = {},
  ) {
    this.rows = keepRows ? [] : null;
  }

  add(row: readonly CopyValue[]): void {
    if (row.length !== this.columns.length) {
      throw new Error(`${this.table}: ${row.length} values for ${this.columns.length} columns`);
    }
    // Kept rows are encoded only if a COPY asks for them (text()).
    if (this.rows) this.rows.push(row);
    else this.lines.push(encodeLine(row));
  }

  get size(): number {
    return this.rows?.length ?? this.lines.length;
  }

  text(): string {
    const lines = this.rows ? this.rows.map(encodeLine) : this.lines;
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  }
}
