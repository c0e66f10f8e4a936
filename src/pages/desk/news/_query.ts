// The query of the news desk's pages, declared once and read by the middleware
// (src/server/http/page-routes.ts). An editor's pages are never kept by the page cache.
import { z } from 'zod';
import { pageRoute, param } from '../../../server/http/page-routes.ts';
import { pickNewsPage } from '../../../shared/news-view.ts';

const articleId = param(z.string(), (raw) => raw);

export const deskRoute = pageRoute({ path: /^\/desk\/news\/?$/, query: z.object({ page: param(z.string(), pickNewsPage) }) });
/** ?id= of the article edited; none for a new one. */
export const deskEditRoute = pageRoute({ path: /^\/desk\/news\/edit\/?$/, query: z.object({ id: articleId }) });
export const deskPreviewRoute = pageRoute({ path: /^\/desk\/news\/preview\/?$/, query: z.object({ id: articleId }) });
