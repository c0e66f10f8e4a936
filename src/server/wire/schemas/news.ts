// News (spec §3 News item, §7 user/v1/get/all/news): published articles in English or Hindi,
// paged, ordered and filtered by tag.
import { z } from 'zod';
import { NEWS_ORDERS } from '../../services/news.ts';
import { action, contract, envelope, keyParameter, langParameter, optionalParameter, pagingParameters, route, type ActionContract } from './common.ts';

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

// ---------- the editor's desk (editors and admins) ----------

/** Limits of what an editor may send: one article's words stay well under the body limit. */
export const MAX_HEADING = 200;
export const MAX_SUB_HEADING = 300;
export const MAX_TEXT = 5000;
export const MAX_TAGS_PER_KIND = 20;
/** A text may break lines; no other control character (PostgreSQL refuses a NUL outright). */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const words = (label: string, max: number, required: boolean) => {
  const base = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label}: at most ${max} characters`)
    .refine((text) => !CONTROL_BUT_LINES.test(text), `${label} must not contain control characters`);
  return required ? base.refine((text) => text.length > 0, `${label}: Required`) : base;
};

const articleText = z.object({
  heading: words('heading', MAX_HEADING, true),
  sub_heading: words('sub_heading', MAX_SUB_HEADING, false).default(''),
  content: words('content', MAX_TEXT, true),
  paragraphs: z
    .array(words('paragraph', MAX_TEXT, false), { error: 'paragraphs must be a list of texts' })
    .max(6, 'paragraphs: at most 6 (p1..p6)')
    .default([])
    .transform((list) => list.filter((text) => text.length > 0)),
});

const tagKeys = (kind: string) =>
  z
    .array(keyParameter(`tags.${kind}`), { error: `tags.${kind} must be a list of keys` })
    .max(MAX_TAGS_PER_KIND, `tags.${kind}: at most ${MAX_TAGS_PER_KIND}`)
    .default([]);

export const deskArticleBody = z.object({
  en: articleText,
  hi: articleText.nullable().default(null),
  tags: z
    .object({ team: tagKeys('team'), player: tagKeys('player'), tournament: tagKeys('tournament'), match: tagKeys('match') })
    .default({ team: [], player: [], tournament: [], match: [] }),
  cover_image: z.string().regex(/^c-[0-9a-f]{16}$/, 'cover_image must be the name an upload returned').nullable().default(null),
});

const articleId = z.string({ error: 'id is required' }).regex(/^\d{1,18}$/, 'id must be an article id');
export const deskIdQuery = z.object({ id: articleId });
export const deskIdBody = z.object({ id: articleId });
export const deskListQuery = z.object({ ...pagingParameters });

const deskText = z.object({ heading: z.string(), sub_heading: z.string(), content: z.string(), paragraphs: z.array(z.string()) });

export const deskArticle = contract(
  'DeskArticle',
  z.object({
    id: z.string(),
    slug: z.string(),
    url: z.string(),
    kind: z.enum(['editorial', 'automated']),
    status: z.enum(['draft', 'published']),
    edited: z.boolean(),
    views: z.number().int(),
    cover_image: z.string().nullable(),
    cover_url: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    published_at: z.string().nullable(),
    heading: z.string(),
    en: deskText.nullable(),
    hi: deskText.nullable(),
    tags: z.object({ team: z.array(z.string()), player: z.array(z.string()), tournament: z.array(z.string()), match: z.array(z.string()) }),
  }),
  'An article as the editor’s desk sees it: draft or published, both languages.',
);

const deskAction = <R extends z.ZodType, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  contractOf: Omit<ActionContract<Q, B, R>, 'tags' | 'signedIn' | 'errors'> & { errors?: readonly number[] },
) => action<R, Q, B>({ ...contractOf, tags: ['news desk'], signedIn: true, roles: ['editor', 'admin'], errors: contractOf.errors ?? [401, 403, 404] });

export const deskRoutes = {
  list: deskAction({
    paths: ['/news/desk'],
    methods: ['GET'],
    summary: 'Every article, drafts included, latest change first (editors)',
    querystring: deskListQuery,
    response: envelope(z.array(deskArticle)),
    errors: [401, 403],
  }),
  get: deskAction({ paths: ['/news/desk/article'], methods: ['GET'], summary: 'One article (editors)', querystring: deskIdQuery, response: envelope(deskArticle) }),
  create: deskAction({
    paths: ['/news/desk/article'],
    methods: ['POST'],
    summary: 'A new draft (editors)',
    body: deskArticleBody,
    response: envelope(deskArticle),
    errors: [401, 403, 413],
  }),
  update: deskAction({
    paths: ['/news/desk/article'],
    methods: ['PUT'],
    summary: 'Rewrite an article (editors); a report so edited is no longer regenerated',
    querystring: deskIdQuery,
    body: deskArticleBody,
    response: envelope(deskArticle),
    errors: [401, 403, 404, 413],
  }),
  publish: deskAction({ paths: ['/news/desk/publish'], methods: ['POST'], summary: 'Publish an article (editors)', body: deskIdBody, response: envelope(deskArticle) }),
  unpublish: deskAction({
    paths: ['/news/desk/unpublish'],
    methods: ['POST'],
    summary: 'Withdraw an article to drafts (editors)',
    body: deskIdBody,
    response: envelope(deskArticle),
  }),
  cover: deskAction({
    paths: ['/news/desk/cover'],
    methods: ['POST'],
    summary: 'Upload a cover image (multipart field cover): re-encoded as WebP at 320, 640 and 1280 px (editors)',
    response: envelope(z.object({ cover_image: z.string(), cover_url: z.string(), cover_srcset: z.string() })),
    errors: [401, 403, 413, 415, 429],
  }),
};
