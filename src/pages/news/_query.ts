// The query of the news list (/news/allNews), declared once: the page cache keeps and the
// middleware reads it (src/server/http/page-routes.ts). Only its Latest tab says it may be kept
// (the others move with every view: allNews.astro).
import { z } from 'zod';
import { pageRoute, param } from '../../server/http/page-routes.ts';
import { NEWS_TABS, pickNewsPage, pickNewsTab } from '../../shared/news-view.ts';

export const allNewsRoute = pageRoute({
  path: /^\/news\/allNews\/?$/,
  query: z.object({ tab: param(z.enum(NEWS_TABS), pickNewsTab), page: param(z.string().regex(/^\d{1,6}$/), pickNewsPage) }),
});

/** The spec's article address, /news/description?slug=: it redirects to the article's own. */
export const descriptionRoute = pageRoute({ path: /^\/news\/description\/?$/, query: z.object({ slug: param(z.string(), (raw) => raw) }) });
