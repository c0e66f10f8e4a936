// Checks an answer against field paths and wire types, as docs/provider-client-contract.md lists
// what the provider's web client reads: `data[].play.innings.a_1?.overs` → 'overs' means every
// element of data, where a_1 exists, has overs as [overs, balls]. A segment ending in `?` may be
// absent or null (the client guards it, or the object is optional); every other step must exist.
import { expect } from 'vitest';

/**
 * The wire types the client relies on. `overs`: [number, number]; `toss`: a JSON string
 * {"winner":"a"|"b","elected":...}; `epoch-s`: whole seconds; `date`: a string `new Date` parses;
 * `primitive`: what React renders as text (no object); `string[]`: an array of strings.
 */
export type WireType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'object'
  | 'array'
  | 'null'
  | 'primitive'
  | 'overs'
  | 'toss'
  | 'epoch-s'
  | 'date'
  | 'string[]';

/** path → type, or several types joined by '|' ('toss|null'). */
export type ShapeRules = Readonly<Record<string, string>>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(value: unknown, type: WireType): boolean {
  switch (type) {
    case 'string':
    case 'number':
    case 'boolean':
      return typeof value === type;
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    case 'primitive':
      return value === null || ['string', 'number', 'boolean'].includes(typeof value);
    case 'overs':
      return Array.isArray(value) && value.length === 2 && value.every((part) => Number.isInteger(part));
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'epoch-s':
      // Seconds between 1973 and 2286: milliseconds would be far above, a year far below.
      return Number.isInteger(value) && (value as number) > 1e8 && (value as number) < 1e10;
    case 'date':
      return typeof value === 'string' && !Number.isNaN(new Date(value).getTime());
    case 'toss': {
      if (typeof value !== 'string') return false;
      try {
        const toss: unknown = JSON.parse(value);
        return isObject(toss) && (toss.winner === 'a' || toss.winner === 'b') && typeof toss.elected === 'string';
      } catch {
        return false;
      }
    }
  }
}

/** Every place a rule fails, as 'path: reason' (empty when the value has the shape). */
export function shapeProblems(value: unknown, rules: ShapeRules): string[] {
  const problems: string[] = [];
  for (const [path, typeList] of Object.entries(rules)) {
    const types = typeList.split('|') as WireType[];
    const segments = path.split('.');
    const walk = (current: unknown, index: number, at: string): void => {
      if (index === segments.length) {
        if (!types.some((type) => hasType(current, type))) problems.push(`${at}: expected ${typeList}, got ${JSON.stringify(current)?.slice(0, 80)}`);
        return;
      }
      const raw = segments[index]!;
      const optional = raw.endsWith('?');
      const each = raw.replace(/\?$/, '').endsWith('[]');
      const name = raw.replace(/\?$/, '').replace(/\[\]$/, '');
      const here = at === '' ? name : `${at}.${name}`;
      if (!isObject(current)) {
        problems.push(`${at || '(root)'}: expected an object to read ${name} from, got ${JSON.stringify(current)?.slice(0, 80)}`);
        return;
      }
      const next = current[name];
      if (next === undefined || next === null) {
        if (optional) return;
        // The last step's type decides whether null is allowed there.
        if (index === segments.length - 1 && !each) {
          walk(next, index + 1, here);
          return;
        }
        problems.push(`${here}: missing`);
        return;
      }
      if (!each) {
        walk(next, index + 1, here);
        return;
      }
      if (!Array.isArray(next)) {
        problems.push(`${here}: expected an array, got ${JSON.stringify(next).slice(0, 80)}`);
        return;
      }
      next.forEach((item, position) => walk(item, index + 1, `${here}[${position}]`));
    };
    walk(value, 0, '');
  }
  return problems;
}

/** Fails the test with the first problems found. */
export function expectShape(value: unknown, rules: ShapeRules, what: string): void {
  expect(shapeProblems(value, rules).slice(0, 10), what).toEqual([]);
}

/** Rules under a prefix: prefixed('data[]', { match_key: 'string' }) is { 'data[].match_key': 'string' }. */
export function prefixed(prefix: string, rules: ShapeRules): ShapeRules {
  return Object.fromEntries(Object.entries(rules).map(([path, type]) => [`${prefix}.${path}`, type]));
}
