// Web Push (issue 29 §4; docs/decisions/072-web-push.md): the site's public VAPID key, and a
// device's subscription to match alerts: made (or replaced) by its endpoint, read, changed and
// removed by it. The endpoint is the device's own secret URL: whoever holds it is that device,
// signed in or not, so it travels in bodies, never in a URL.
import { z } from 'zod';
import { ALERT_KINDS } from '../../domain/alerts.ts';
import { subscribeBody, unsubscribeBody, updateBody, pushEndpoint } from '../../push/subscriptions.ts';
import { action, contract, envelope } from './common.ts';

const tags = ['push'];

export const pushKey = contract('PushKey', z.object({ public_key: z.string().meta({ description: 'The VAPID public key (base64url), for PushManager.subscribe applicationServerKey.' }) }));

export const pushPreferencesOut = contract(
  'PushPreferences',
  z.object({
    language: z.enum(['en', 'hi']),
    kinds: z.array(z.enum(ALERT_KINDS)),
    quiet_start: z.number().int().nullable().meta({ description: 'Quiet hours from this minute of the day (0-1439, the time zone\'s), or null.' }),
    quiet_end: z.number().int().nullable(),
    time_zone: z.string(),
    match_keys: z.array(z.string()),
    team_keys: z.array(z.string()),
  }),
);

export const pushRoutes = {
  pushKey: action({
    paths: ['/push/key'],
    methods: ['GET'],
    summary: 'The public VAPID key a browser subscribes with',
    tags,
    signedIn: false,
    response: envelope(pushKey),
    errors: [],
  }),
  pushSubscribe: action({
    paths: ['/push/subscribe'],
    methods: ['POST'],
    summary: "Subscribes this device to match alerts (PushSubscription.toJSON() and the preferences); the same endpoint again replaces its keys and preferences. A signed-in fan's favourite teams count too.",
    tags,
    signedIn: false,
    body: subscribeBody,
    response: envelope(pushPreferencesOut),
    errors: [403, 413, 429],
  }),
  pushPreferences: action({
    paths: ['/push/preferences'],
    methods: ['POST'],
    summary: "This device's alert preferences, by its endpoint; 404 when it is not subscribed",
    tags,
    signedIn: false,
    body: z.strictObject({ endpoint: pushEndpoint }),
    response: envelope(pushPreferencesOut),
    errors: [403, 404, 429],
  }),
  pushUpdate: action({
    paths: ['/push/preferences'],
    methods: ['PUT'],
    summary: "Changes this device's alert preferences (the keys sent); 404 when it is not subscribed",
    tags,
    signedIn: false,
    body: updateBody,
    response: envelope(pushPreferencesOut),
    errors: [403, 404, 413, 429],
  }),
  pushUnsubscribe: action({
    paths: ['/push/unsubscribe'],
    methods: ['POST'],
    summary: 'Removes this device\'s subscription; its alerts stop',
    tags,
    signedIn: false,
    body: unsubscribeBody,
    response: z.object({ status: z.literal(true), message: z.string() }),
    errors: [403, 429],
  }),
};
