// The signed-in fan's own resources (spec §7 user/profile, user/profile/image, post/query) and
// what the accounts issue adds: settings kept on the account, and the admins' list of contact
// queries. Messages use the spec's words (§5) where it gives them, prefixed with the field.
import { z } from 'zod';
import { deviceSettings, settingsChange, settingsShape } from '../../../shared/account-settings.ts';
import { action, contract, envelope, pagingParameters } from './common.ts';

export const MAX_QUERY_MESSAGE = 2000;
const MAX_EMAIL = 254;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** A message may break lines; no other control character (PostgreSQL refuses a NUL outright). */
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A person's name: trimmed, 2 to 50 characters, one line. Stored as typed; pages escape it. */
function personName(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label}: Required` : `${label} must be text`) })
    .trim()
    .min(1, `${label}: Required`)
    .min(2, `${label}: Too Short!`)
    .max(50, `${label}: Too Long!`)
    .refine((name) => !CONTROL_CHARACTERS.test(name), `${label} must not contain control characters`);
}

const emailAddress = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email: Required' : 'Email must be text') })
  .trim()
  .min(1, 'Email: Required')
  .max(MAX_EMAIL, 'Email: Invalid email')
  .pipe(z.email('Email: Invalid email'));

const phoneNumber = z
  .string({ error: (issue) => (issue.input === undefined ? 'Mobile Number is Required' : 'Phone number is not valid') })
  .trim()
  .min(1, 'Mobile Number is Required')
  .regex(/^\d{10}$/, 'Phone number is not valid');

// ---------- profile ----------

export const profileBody = z.object({
  name: personName('Full Name'),
  // Optional: absent, null or blank means no email.
  email: z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), emailAddress.optional()),
  // Read-only: the spec's client sends it back; a different number is refused.
  phone: z.string({ error: 'Phone number is not valid' }).trim().optional(),
});

export const profile = contract(
  'Profile',
  z.object({
    name: z.string().nullable(),
    phone: z.string(),
    email: z.string().nullable(),
    image: z.string().nullable().meta({ description: 'Public path of the avatar (/media/avatars/...), or null.' }),
  }),
  "The signed-in user's profile.",
);

// ---------- the account's data: download and deletion ----------

const isoTime = z.string().meta({ description: 'ISO 8601 time.' });
export const accountExport = contract(
  'AccountExport',
  z.object({
    exported_at: isoTime,
    profile: z.object({ phone: z.string(), name: z.string().nullable(), email: z.string().nullable(), image: z.string().nullable(), role: z.string(), created_at: isoTime }),
    settings: settingsShape,
    sessions: z.array(z.object({ created_at: isoTime, last_seen_at: isoTime, expires_at: isoTime, revoked_at: isoTime.nullable(), user_agent: z.string().nullable() })),
    reel_likes: z.array(z.object({ reel_id: z.string(), title: z.string(), status: z.string(), created_at: isoTime, updated_at: isoTime })),
    reel_comments: z.array(z.object({ reel_id: z.string(), title: z.string(), comment: z.string(), created_at: isoTime, deleted_at: isoTime.nullable() })),
    contact_queries: z.array(z.object({ name: z.string(), email: z.string(), phone: z.string(), message: z.string().nullable(), created_at: isoTime })),
    push_subscriptions: z
      .array(
        z.object({
          push_service: z.string().meta({ description: "The push service's origin; the endpoint's full address and its keys are the device's credentials and are not exported." }),
          language: z.string(),
          kinds: z.array(z.string()),
          quiet_start: z.number().nullable().meta({ description: 'Quiet hours from (minute of the day, in time_zone), or null.' }),
          quiet_end: z.number().nullable(),
          time_zone: z.string(),
          match_keys: z.array(z.string()).meta({ description: 'Matches followed on that device.' }),
          team_keys: z.array(z.string()),
          created_at: isoTime,
          updated_at: isoTime,
          last_success_at: isoTime.nullable(),
          alerts_sent: z.array(z.object({ event: z.string(), sent_at: isoTime })).meta({ description: 'Alerts sent to that device (kept 30 days).' }),
        }),
      )
      .meta({ description: "The devices that get match alerts (Web Push) and were subscribed while signed in." }),
  }),
  'Everything kept about the signed-in user (the Privacy Policy lists it).',
);

export const deleteAccountBody = z.object({
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
});

// ---------- settings ----------

export const settings = contract('Settings', settingsShape, "The account's settings; theme and language are null until chosen.");

// ---------- contact queries ----------

/** The spec's Contact Us form names the field firstName; Get In Touch sends name. */
export const contactQueryBody = z
  .object({
    name: personName('Name').optional(),
    firstName: personName('Name').optional().meta({ description: 'The same as name (the Contact Us form sends firstName).' }),
    email: emailAddress,
    phone: phoneNumber,
    message: z
      .string({ error: 'Message must be text' })
      .trim()
      .max(MAX_QUERY_MESSAGE, `Message: Too Long! (at most ${MAX_QUERY_MESSAGE} characters)`)
      .refine((message) => !CONTROL_CHARACTERS_BUT_LINES.test(message), 'Message must not contain control characters')
      .optional(),
  })
  .transform(({ name, firstName, message, ...rest }, context) => {
    const chosen = name ?? firstName;
    if (chosen === undefined) {
      context.addIssue({ code: 'custom', message: 'Name: Required', path: ['name'] });
      return z.NEVER;
    }
    return { ...rest, name: chosen, message: message === undefined || message === '' ? null : message };
  });

export const contactQuery = contract(
  'ContactQuery',
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string().nullable(),
    created_at: z.string().meta({ description: 'ISO 8601 time the query arrived.' }),
    user_phone: z.string().nullable().meta({ description: "The sender's account phone when signed in." }),
  }),
);

export const adminQueriesQuery = z.object(pagingParameters);

// ---------- routes ----------

const SIGNED_IN = [401, 403, 429];

export const accountRoutes = {
  profile: action({
    paths: ['/user/profile'],
    methods: ['PUT', 'POST'],
    summary: "Changes the signed-in user's name and email (the phone cannot change)",
    tags: ['account'],
    body: profileBody,
    response: z.object({ status: z.literal(true), message: z.literal('Profile updated'), data: profile }),
    errors: SIGNED_IN,
    signedIn: true,
  }),
  profileImage: action({
    paths: ['/user/profile/image'],
    methods: ['PUT'],
    summary: 'Replaces the profile photo: multipart field docs, an image of at most 5 MB and 24 megapixels',
    tags: ['account'],
    response: z.object({ status: z.literal(true), message: z.literal('User Profile Updated'), data: z.object({ image: z.string() }) }),
    errors: [...SIGNED_IN, 413, 415],
    signedIn: true,
  }),
  exportAccount: action({
    paths: ['/user/account/export'],
    methods: ['GET'],
    summary: 'Downloads everything kept about the signed-in user, as a JSON file',
    tags: ['account'],
    response: accountExport,
    errors: [401],
    signedIn: true,
  }),
  deleteAccount: action({
    paths: ['/user/account/delete'],
    methods: ['POST'],
    summary: 'Deletes the signed-in account and everything kept with it (the password confirms it); the session ends',
    tags: ['account'],
    body: deleteAccountBody,
    response: z.object({ status: z.literal(true), message: z.literal('Account deleted') }),
    errors: SIGNED_IN,
    signedIn: true,
  }),
  settings: action({
    paths: ['/user/settings'],
    methods: ['GET'],
    summary: "The account's settings",
    tags: ['account'],
    response: envelope(settings),
    errors: [401],
    signedIn: true,
  }),
  changeSettings: action({
    paths: ['/user/settings'],
    methods: ['PUT'],
    summary: 'Changes the settings the body names (speech and notifications key by key)',
    tags: ['account'],
    body: settingsChange,
    response: envelope(settings),
    errors: SIGNED_IN,
    signedIn: true,
  }),
  mergeSettings: action({
    paths: ['/user/settings/merge'],
    methods: ['POST'],
    summary: "Joins a device's settings to the account's at sign-in",
    tags: ['account'],
    body: deviceSettings,
    response: envelope(settings),
    errors: SIGNED_IN,
    signedIn: true,
  }),
  contactQuery: action({
    paths: ['/post/query'],
    methods: ['POST'],
    summary: 'Sends a contact query to the operator (signed in or not)',
    tags: ['account'],
    body: contactQueryBody,
    response: z.object({ status: z.literal(true), message: z.literal('Thank you. We will get back to you soon.') }),
    errors: [403, 429],
    signedIn: false,
  }),
  adminQueries: action({
    paths: ['/admin/queries'],
    methods: ['GET'],
    summary: 'Contact queries, newest first (admins only)',
    tags: ['admin'],
    querystring: adminQueriesQuery,
    response: envelope(z.array(contactQuery), { total: z.number().int() }),
    errors: [401, 403],
    signedIn: true,
    roles: ['admin'],
  }),
};
