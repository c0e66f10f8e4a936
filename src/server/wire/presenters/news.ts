// A news article as the provider API's NewsItem (spec §3).
import type { z } from 'zod';
import { articlePath, coverSrcset, coverUrl } from '../../../shared/news-view.ts';
import type { NewsArticle, NewsText } from '../../services/news.ts';
import type { deskArticle, newsItem } from '../schemas/news.ts';

/** An article's tags as lists of keys per kind. */
function tagLists(article: NewsArticle) {
  const tagged = (kind: string) => article.tags.filter((tag) => tag.kind === kind).map((tag) => tag.key);
  return { team: tagged('team'), player: tagged('player'), tournament: tagged('tournament'), match: tagged('match') };
}

export function presentNews(article: NewsArticle): z.infer<typeof newsItem> {
  const p = (n: number) => article.text.paragraphs[n] ?? '';
  return {
    slug: article.slug,
    url: articlePath(article.slug),
    cover_image: article.cover_image ? coverUrl(article.cover_image) : null,
    cover_srcset: article.cover_image ? coverSrcset(article.cover_image) : null,
    heading: article.text.heading,
    sub_heading: article.text.sub_heading,
    content: article.text.content,
    created_at: (article.published_at ?? article.created_at).toISOString(),
    description: { p1: p(0), p2: p(1), p3: p(2), p4: p(3), p5: p(4), p6: p(5) },
    lang: article.lang,
    automated: article.kind === 'automated',
    views: article.views,
    tags: tagLists(article),
  };
}

/** An article as the editor's desk sees it (both languages' words, status, views). */
export function presentDeskArticle(article: NewsArticle, texts: { en: NewsText | null; hi: NewsText | null }): z.infer<typeof deskArticle> {
  return {
    id: article.id,
    slug: article.slug,
    url: articlePath(article.slug),
    kind: article.kind,
    status: article.status,
    edited: article.edited,
    views: article.views,
    cover_image: article.cover_image,
    cover_url: article.cover_image ? coverUrl(article.cover_image) : null,
    created_at: article.created_at.toISOString(),
    updated_at: article.updated_at.toISOString(),
    published_at: article.published_at?.toISOString() ?? null,
    heading: article.text.heading,
    en: texts.en,
    hi: texts.hi,
    tags: tagLists(article),
  };
}
