// News (spec §3 News item, §7 user/v1/get/all/news): published articles in English or Hindi,
// paged, ordered and filtered by tag.
import { z } from 'zod';
import { NEWS_ORDERS } from '../../services/news.ts';
import { contract, envelope, keyParameter, langParameter, optionalParameter, pagingParameters, route } from './common.ts';

const tagFilter = (name: string, what: string) => optionalParameter(keyParameter(name)).meta({ description: `Addition: only news tagged with this ${what}.` });

export const newsQuery = z.object({
  ...pagingParameters,
  lang: langParameter,
  order: optionalParameter(z.enum(NEWS_ORDERS, { error: `order must be one of ${NEWS_ORDERS.join(', ')}` }))
    .transform((value) => value ?? 'latest')
    .meta({
      description:
        'Addition: latest (newest first, the default), views (most viewed), trending (most viewed in the last 48 hours), recommended (the signed-in fan’s favourite teams first, else most viewed).',
    }),
  team: tagFilter('team', 'team key'),
  player: tagFilter('player', 'player key (Cricsheet registry id)'),
  tournament: tagFilter('tournament', 'tournament key'),
  match: tagFilter('match', 'match key'),
});

const paragraph = z.string();

export const newsItem = contract(
  'NewsItem',
  z.object({
    slug: z.string(),
    url: z.string().meta({ description: 'Addition: the article page’s path (/news/{slug}).' }),
    cover_image: z.string().nullable().meta({ description: 'The cover’s URL (1280 px wide WebP); null without a cover.' }),
    cover_srcset: z.string().nullable().meta({ description: 'Addition: the cover at 320, 640 and 1280 px for srcset.' }),
    heading: z.string(),
    sub_heading: z.string(),
    content: z.string(),
    created_at: z.string().meta({ description: 'When it was first published (ISO 8601).' }),
    description: z.object({ p1: paragraph, p2: paragraph, p3: paragraph, p4: paragraph, p5: paragraph, p6: paragraph }),
    lang: z.enum(['en', 'hi']).meta({ description: 'Addition: the language of the words (English when no Hindi text exists).' }),
    automated: z.boolean().meta({ description: 'Addition: a match report written from the data.' }),
    views: z.number().int(),
    tags: z.object({ team: z.array(z.string()), player: z.array(z.string()), tournament: z.array(z.string()), match: z.array(z.string()) }),
  }),
  'A published news article.',
);

export const newsRoutes = {
  list: route({
    paths: ['/get/all/news'],
    summary: 'Published news, paged',
    tags: ['news'],
    querystring: newsQuery,
    response: envelope(z.array(newsItem)),
    notFound: false,
  }),
};
