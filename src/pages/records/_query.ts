// The query of the records pages, declared once: the page cache keeps and the middleware reads it
// (src/server/http/page-routes.ts). The index takes none; one type's records take ?gender=female
// for the women's; a series across seasons takes ?type= for one of its types.
import { z } from 'zod';
import { oneOf, pageRoute } from '../../server/http/page-routes.ts';
import { FORMAT_TYPES } from '../../server/domain/format-type.ts';
import { RECORD_GENDERS } from '../../views/records-view.ts';
import { typeParam } from '../series/_query.ts';

export const recordsRoute = pageRoute({ path: /^\/records\/?$/, query: z.object({}) });
// Only the types' addresses: another is the 404 page, rendered each time.
export const recordsTypeRoute = pageRoute({
  path: new RegExp(`^/records/(?:${FORMAT_TYPES.join('|')})/?$`),
  query: z.object({ gender: oneOf(RECORD_GENDERS, 'male') }),
});
export const recordsSeriesRoute = pageRoute({ path: /^\/records\/series\/[a-z0-9-]{1,200}\/?$/, query: z.object({ type: typeParam }) });
