// Pure helpers of the records pages (/records, /records/{type}, /records/series/{key}).
import type { Lang } from '../i18n/index.ts';
import { localizePath } from '../i18n/index.ts';
import type { FormatType } from '../server/domain/format-type.ts';
import type { Gender } from '../server/services/records.ts';

export const RECORD_GENDERS = ['male', 'female'] as const satisfies readonly Gender[];

/** /records/{type}, ?gender=female for the women's. */
export function recordsHref(type: FormatType, gender: Gender, lang: Lang): string {
  const path = localizePath(`/records/${type}`, lang);
  return gender === 'female' ? `${path}?gender=female` : path;
}

/** /records/series/{key}, ?type= for one type of a series of several. */
export function seriesRecordsHref(key: string, type: FormatType | null, lang: Lang): string {
  const path = localizePath(`/records/series/${encodeURIComponent(key)}`, lang);
  return type === null ? path : `${path}?type=${type}`;
}
