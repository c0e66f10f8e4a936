// RSS 2.0 feed of the latest published news, one per language: /news/feed.xml (English) and
// /hi/news/feed.xml (Hindi; an article without Hindi words appears in English, marked so).
import type { APIRoute } from 'astro';
import { localizePath, t } from '../../i18n/index.ts';
import { articlePath } from '../../shared/news-view.ts';
import { absoluteUrl } from '../../components/site.ts';

/** Items a feed carries: the latest few are what readers poll for. */
const FEED_ITEMS = 30;

const xml = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export const GET: APIRoute = async ({ locals, url }) => {
  const { lang, services } = locals;
  const articles = services ? await services.news.list({ lang, limit: FEED_ITEMS, offset: 0 }) : [];
  const absolute = (path: string) => absoluteUrl(locals, url, path);
  const items = articles.map((article) => {
    const link = absolute(localizePath(articlePath(article.slug), lang));
    const date = (article.published_at ?? article.created_at).toUTCString();
    const category = article.kind === 'automated' ? `\n      <category>${xml(t(lang, article.preview_match_key ? 'news.automatedPreview' : 'news.automated'))}</category>` : '';
    return `    <item>
      <title>${xml(article.text.heading)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <pubDate>${date}</pubDate>
      <description>${xml(article.text.content)}</description>${category}
    </item>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`${t(lang, 'news.title')} | ${t(lang, 'site.name')}`)}</title>
    <link>${xml(absolute(localizePath('/news/allNews', lang)))}</link>
    <atom:link href="${xml(absolute(localizePath('/news/feed.xml', lang)))}" rel="self" type="application/rss+xml"/>
    <description>${xml(t(lang, 'site.description'))}</description>
    <language>${lang === 'hi' ? 'hi-IN' : 'en'}</language>
${items.join('\n')}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
};
