// Reels (spec §3 Reel, §7 reels, add/like, update/like, get/comment, add/comment; decision 041)
// and the editors' routes beside them. The spec's client sends `phone` with likes and comments;
// it is accepted and ignored (the session says who acts). add/comment takes its values in the
// query as the spec's client sends them, or in a JSON body.
import { z } from 'zod';
import { action, contract, envelope, langParameter, optionalParameter } from './common.ts';

export const MAX_REEL_PAGE = 20;
export const MAX_COMMENT_LENGTH = 500;
export const MAX_REEL_TITLE = 120;
// A comment may not hold control characters (line breaks neither: a comment is one line).
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

const idParameter = (name: string) =>
  z.coerce
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .regex(/^\d{1,18}$/, `${name} must be a number`);

const reelPaging = {
  limit: optionalParameter(
    z.coerce.number({ error: 'limit must be an integer' }).int('limit must be an integer').min(1, `limit must be between 1 and ${MAX_REEL_PAGE}`).max(MAX_REEL_PAGE, `limit must be between 1 and ${MAX_REEL_PAGE}`),
  ).transform((value) => value ?? 5),
  offset: optionalParameter(z.coerce.number({ error: 'offset must be an integer' }).int('offset must be an integer').min(0, 'offset must be 0 or more').max(100_000, 'offset is too large')).transform(
    (value) => value ?? 0,
  ),
  lang: langParameter,
};

/** A comment as typed: trimmed, inner runs of spaces made one, 1 to 500 characters, no control or direction characters. */
export const commentText = z
  .string({ error: (issue) => (issue.input === undefined ? 'comment is required' : 'comment must be text') })
  .transform((text) => text.normalize('NFC').trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'comment is required')
      .max(MAX_COMMENT_LENGTH, `comment is too long (at most ${MAX_COMMENT_LENGTH} characters)`)
      .refine((text) => !CONTROL_CHARACTERS.test(text), 'comment must not contain control characters'),
  );

export const reelTitle = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .transform((text) => text.normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(MAX_REEL_TITLE, `${label} is too long (at most ${MAX_REEL_TITLE} characters)`)
        .refine((text) => !CONTROL_CHARACTERS.test(text), `${label} must not contain control characters`),
    );

export const reel = contract(
  'Reel',
  z.object({
    reel_id: z.string(),
    url: z.string().meta({ description: 'The H.264/AAC MP4 (720 × 1280), served with range requests.' }),
    poster: z.string().meta({ description: 'A still of the reel (JPEG, 480 pixels wide).' }),
    title: z.string(),
    duration_ms: z.number().int(),
    likeStatus: z.literal('like').nullable().meta({ description: "'like' when the signed-in user likes it." }),
    like_id: z.string().nullable().meta({ description: "The signed-in user's like (for update/like), null when they never liked it." }),
    likeCount: z.number().int(),
    commentCount: z.number().int(),
    created_at: z.string(),
  }),
  'A short video (spec §3 Reel).',
);

export const reelComment = contract(
  'ReelComment',
  z.object({
    comment_id: z.string(),
    comment: z.string().meta({ description: 'Plain text as typed (one line, at most 500 characters); escape it when showing it.' }),
    name: z.string().meta({ description: "The author's name ('' when they gave none)." }),
    created_at: z.string(),
    can_delete: z.boolean().meta({ description: 'Whether the asking user may delete it (its author, or an editor).' }),
  }),
);

const likeState = z.object({ like_id: z.string(), likeStatus: z.literal('like').nullable(), likeCount: z.number().int() });

export const editorReel = contract(
  'EditorReel',
  z.object({
    reel_id: z.string(),
    title: z.string(),
    title_hi: z.string().nullable(),
    status: z.enum(['processing', 'ready', 'failed']),
    error: z.string().nullable(),
    url: z.string().nullable(),
    poster: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
    source_bytes: z.number().int(),
    likeCount: z.number().int(),
    commentCount: z.number().int(),
    created_at: z.string(),
  }),
  'A reel as the editors see it, in any state.',
);

const SIGNED_IN = [401, 403, 429];

/** A like, unlike or comment done: the string 'success', as the provider's client tests it (decision 061). */
const writeDone = z.literal('success');

export const reelRoutes = {
  publicReels: action({
    paths: ['/reels'],
    methods: ['GET'],
    summary: 'Ready reels, newest first (visitors: the home block)',
    tags: ['reels'],
    querystring: z.object(reelPaging),
    response: envelope(z.array(reel)),
    errors: [],
    signedIn: false,
  }),
  authReels: action({
    paths: ['/auth/reels'],
    methods: ['GET'],
    summary: "Ready reels, newest first, with the signed-in user's likes (the reels page pages by 5); a visitor gets them without likes",
    tags: ['reels'],
    querystring: z.object(reelPaging),
    response: envelope(z.array(reel)),
    errors: [],
    signedIn: false,
  }),
  addLike: action({
    paths: ['/add/like'],
    methods: ['POST'],
    summary: 'Likes a reel (one like per user: liking again changes nothing)',
    tags: ['reels'],
    body: z.object({
      reel_id: idParameter('reel_id'),
      phone: z.unknown().optional().meta({ description: 'Sent by the spec’s client; ignored (the session says who likes).' }),
      status: z.literal('like', { error: "status must be 'like'" }).optional(),
    }),
    response: z.object({ status: writeDone, message: z.string(), data: likeState }),
    errors: [...SIGNED_IN, 404],
    signedIn: true,
  }),
  updateLike: action({
    paths: ['/update/like'],
    methods: ['POST', 'PUT'],
    summary: "Changes the user's own like to 'dislike' (unliked) or back to 'like'",
    tags: ['reels'],
    querystring: z.object({ like_id: idParameter('like_id') }),
    body: z.object({
      reel_id: optionalParameter(idParameter('reel_id')),
      phone: z.unknown().optional(),
      status: z.enum(['like', 'dislike'], { error: "status must be 'like' or 'dislike'" }),
      is_deleted: z.unknown().optional().meta({ description: 'Sent by the spec’s client (0); ignored.' }),
    }),
    response: z.object({ status: writeDone, message: z.string(), data: likeState }),
    errors: [...SIGNED_IN, 404],
    signedIn: true,
  }),
  getComments: action({
    paths: ['/get/comment'],
    methods: ['GET'],
    summary: "A reel's comments, oldest first (the latest 200); can_delete marks the signed-in viewer's own (all, for a moderator)",
    tags: ['reels'],
    querystring: z.object({ reel_id: idParameter('reel_id') }),
    response: z.object({ status: z.literal(true), comments: z.array(reelComment) }),
    errors: [404],
    signedIn: false,
  }),
  addComment: action({
    paths: ['/add/comment'],
    methods: ['POST'],
    summary: 'Comments on a reel (query reel_id and comment as the spec sends them, or a JSON body); 10 a minute at most',
    tags: ['reels'],
    querystring: z.object({ reel_id: optionalParameter(idParameter('reel_id')), phone: z.unknown().optional(), comment: z.string().optional() }),
    body: z.object({ reel_id: optionalParameter(idParameter('reel_id')), comment: z.string().optional() }).nullish(),
    response: z.object({ status: writeDone, message: z.string(), data: z.object({ comment_id: z.string(), commentCount: z.number().int() }) }),
    errors: [...SIGNED_IN, 404],
    signedIn: true,
  }),
  deleteComment: action({
    paths: ['/delete/comment'],
    methods: ['DELETE', 'POST'],
    summary: 'Deletes a comment (its author, or an editor)',
    tags: ['reels'],
    querystring: z.object({ comment_id: idParameter('comment_id') }),
    response: z.object({ status: z.literal(true), message: z.string() }),
    errors: [...SIGNED_IN, 404],
    signedIn: true,
  }),
  uploadReel: action({
    paths: ['/editor/reels'],
    methods: ['POST'],
    summary:
      'Uploads a reel (editors): multipart fields title, title_hi (optional) before the file field video; MP4, MOV or WebM, at most 60 s and 100 MB. It is transcoded in the background.',
    tags: ['reels', 'editor'],
    response: z.object({ status: z.literal(true), message: z.string(), data: z.object({ reel_id: z.string(), status: z.literal('processing') }) }),
    errors: [...SIGNED_IN, 413, 415],
    signedIn: true,
    roles: ['editor', 'admin'],
  }),
  editorReels: action({
    paths: ['/editor/reels'],
    methods: ['GET'],
    summary: 'Every reel in any state, newest first (editors)',
    tags: ['reels', 'editor'],
    response: envelope(z.array(editorReel)),
    errors: [401, 403],
    signedIn: true,
    roles: ['editor', 'admin'],
  }),
  deleteReel: action({
    paths: ['/editor/reels'],
    methods: ['DELETE'],
    summary: 'Deletes a reel with its likes and comments (editors)',
    tags: ['reels', 'editor'],
    querystring: z.object({ reel_id: idParameter('reel_id') }),
    response: z.object({ status: z.literal(true), message: z.string() }),
    errors: [...SIGNED_IN, 404],
    signedIn: true,
    roles: ['editor', 'admin'],
  }),
};
