// Match alerts over Web Push (issue 29 §4; docs/decisions/072-web-push.md). A change to a match
// (the change feed's match:{key} tag, published after each committed ball) queues a job; the job,
// run by whichever process claims it, reads the committed balls after the ones already looked at,
// finds each ball's events (domain/alerts.ts) and sends each fan who follows the match or one of
// its teams at most one notification per ball, with that ball's events combined, in the fan's
// language. A row in push_sent is inserted before each send: two processes racing on one ball
// cannot both send it. Subscriptions the push service calls gone (404, 410) are deleted.
import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { z } from 'zod';
import { sql } from 'kysely';
import { anyInteger, anyText } from '../db/any-of.ts';
import type { Db } from '../db/client.ts';
import { ballEvents, inQuietHours, localMinute, type AlertKind, type BallEvent, type InningsLimits } from '../domain/alerts.ts';
import type { Lang } from '../domain/result.ts';
import type { ChangeFeed } from '../feed/change-feed.ts';
import type { JobLogger, JobQueue } from '../store/job-queue.ts';
import { selectMatchRows, summariseMatches } from '../services/match-rows.ts';
import type { MatchSummary } from '../services/match-summary.ts';
import { readStoredInnings } from '../store/stored-deliveries.ts';
import { localName, localPlayerName } from '../../i18n/names.ts';
import { PUSH_WORDS } from '../../i18n/push.ts';
import { PushSubscriptions, vapidKeys, type StoredSubscription } from './subscriptions.ts';

export const MATCH_ALERTS_JOB = 'match-alerts';
export const matchAlertsPayload = z.object({ matchKey: z.string().min(1).max(64) });

/** What a notification carries to the service worker (public/sw-push.js). */
export interface AlertPayload {
  title: string;
  body: string;
  /** The page a click opens. */
  url: string;
  /** Notifications of one match replace each other on the device. */
  tag: string;
  lang: Lang;
}

export interface AlertSenderOptions {
  /** The VAPID subject: an https URL or a mailto: address of the operator. */
  subject: string;
  /** For tests: the agent that trusts a local push service's certificate. */
  agent?: Agent;
  /** The clock (quiet hours). */
  now?: () => Date;
  logger?: JobLogger;
}

/**
 * The VAPID subject push services may contact the operator at: the site's https origin, or (a
 * local install without one) a mailto: address at the origin's host name.
 */
export function vapidSubject(publicOrigin: string): string {
  if (publicOrigin.startsWith('https://')) return publicOrigin;
  return `mailto:alerts@${new URL(publicOrigin).hostname}`;
}

/** Matches scored here ball by ball (the scorer console, the ingest API, a replay): their balls are news. */
const ALERTED_SOURCES: ReadonlySet<string> = new Set(['scorer', 'ingest', 'replay']);

/** Sent-log rows are kept this long: long after any match they name has moved on. */
const KEEP_SENT_DAYS = 30;

/** Seconds a push service keeps an alert for a device that is off: a wicket an hour late is news no more. */
const TTL_S = 60 * 60;

interface Names {
  player: (id: string) => string;
}

function score(runs: number, wickets: number): string {
  return wickets >= 10 ? String(runs) : `${runs}/${wickets}`;
}

function eventLine(event: BallEvent, lang: Lang, names: Names, match: MatchSummary): string {
  const words = PUSH_WORDS[lang];
  const team = (side: 'a' | 'b') => localName('team', match.teams[side].name, lang);
  switch (event.kind) {
    case 'start':
      return words.started(team('a'), team('b'));
    case 'wicket':
      return event.bowler === null
        ? words.wicket(names.player(event.playerOut), score(event.runs, event.wickets))
        : words.wicketTo(names.player(event.playerOut), names.player(event.bowler), score(event.runs, event.wickets));
    case 'milestone':
      return words.milestone(names.player(event.player), event.runs);
    case 'five_for':
      return words.fiveFor(names.player(event.player), event.wickets);
    case 'innings_end':
      return words.inningsEnd(team(event.battingTeam), score(event.runs, event.wickets));
  }
}

/** The page of the match in the fan's language. */
function matchUrl(matchKey: string, lang: Lang): string {
  return `${lang === 'hi' ? '/hi' : ''}/match/${encodeURIComponent(matchKey)}`;
}

export class MatchAlerts {
  readonly subscriptions: PushSubscriptions;
  private lastTrim = 0;

  constructor(
    private readonly db: Db,
    private readonly options: AlertSenderOptions,
  ) {
    this.subscriptions = new PushSubscriptions(db);
  }

  /** Sends what the match's new balls (and its result) hold; returns how many notifications went out. */
  async run(matchKey: string): Promise<number> {
    const db = this.db.kysely;
    const row = await selectMatchRows(db, 'matches').where('m.match_key', '=', matchKey).executeTakeFirst();
    if (!row) return 0;
    const progressOf = () => db.selectFrom('push_progress').select(['balls_seen', 'result_seen']).where('match_key', '=', matchKey).executeTakeFirst();
    const progress = await progressOf();
    const innings = (await readStoredInnings(db, [row.id])).filter((inn) => !inn.superOver);
    const total = innings.reduce((sum, inn) => sum + inn.deliveries.length, 0);
    if (!progress) {
      // First seen already over, or not scored here ball by ball (an import, a correction): history, not news.
      const origin = await db.selectFrom('matches').select('source').where('id', '=', row.id).executeTakeFirst();
      const history = row.status === 'completed' || !ALERTED_SOURCES.has(origin?.source ?? '');
      const claimed = await db
        .insertInto('push_progress')
        .values({ match_key: matchKey, balls_seen: history ? total : 0, result_seen: history })
        .onConflict((conflict) => conflict.column('match_key').doNothing())
        .returning('balls_seen')
        .executeTakeFirst();
      if (history && claimed) return 0;
    }
    const seen = await progressOf();
    const from = Math.min(seen!.balls_seen, total);
    const targets = await db.selectFrom('innings').select(['innings_no', 'target_runs']).where('match_id', '=', row.id).orderBy('innings_no').execute();
    const limits: InningsLimits[] = innings.map((inn) => ({
      wicketsInHand: 10,
      oversLimit: row.overs_limit,
      target: targets.find((t) => t.innings_no === inn.inningsNo)?.target_runs ?? null,
    }));
    const balls = ballEvents(innings, limits, from);
    const resultDue = row.status === 'completed' && !seen!.result_seen;
    if (balls.length === 0 && !resultDue) {
      await this.advance(matchKey, total, false);
      return 0;
    }
    // Replays are demonstrations of old matches: only a fan who followed the replay hears them.
    const teamKeys = row.is_replay ? [] : [row.a_key, row.b_key];
    const fans = await this.subscriptions.following(matchKey, teamKeys);
    const summaries = new Map<Lang, MatchSummary>();
    const summary = async (lang: Lang) => {
      if (!summaries.has(lang)) summaries.set(lang, (await summariseMatches(this.db.kysely, [row], lang))[0]!);
      return summaries.get(lang)!;
    };
    const people = await this.names(balls.flatMap((ball) => ball.events));
    const keys = await vapidKeys(this.db);
    let sent = 0;
    for (const fan of fans) {
      const lang = fan.language;
      const match = await summary(lang);
      const names: Names = { player: (id) => people.get(id)?.[lang] ?? id };
      const wants = (kind: AlertKind) => fan.kinds.includes(kind);
      const quiet = inQuietHours(localMinute(this.now(), fan.time_zone), fan.quiet_start, fan.quiet_end);
      const notes: { eventKeys: string[]; lines: string[]; result: boolean; ordinal: number }[] = [];
      for (const ball of balls) {
        const lines = ball.events.filter((event) => wants(event.kind)).map((event) => eventLine(event, lang, names, match));
        if (lines.length > 0) notes.push({ eventKeys: [`ball:${ball.inningsNo}.${ball.seq}`], lines, result: false, ordinal: ball.ordinal });
      }
      if (resultDue && wants('result') && match.result) {
        // The result and the match's last ball are one notification when both are new.
        const last = notes.at(-1);
        if (last && last.ordinal === total - 1) {
          last.eventKeys.push('result');
          last.lines.push(match.result.text);
          last.result = true;
        } else notes.push({ eventKeys: ['result'], lines: [match.result.text], result: true, ordinal: total });
      }
      // Quiet hours: nothing goes now, and nothing is kept to go later (old news at 7 a.m.).
      if (quiet) continue;
      for (const note of notes) {
        if (!(await this.claim(fan, matchKey, note.eventKeys))) continue;
        const words = PUSH_WORDS[lang];
        const [teamA, teamB] = [localName('team', match.teams.a.name, lang), localName('team', match.teams.b.name, lang)];
        const payload: AlertPayload = {
          title: note.result ? words.resultTitle(teamA, teamB) : words.title(teamA, teamB),
          body: note.lines.join('\n'),
          url: matchUrl(matchKey, lang),
          tag: `match:${matchKey}`,
          lang,
        };
        const gone = await this.send(fan, payload, keys);
        if (gone) break;
        sent += 1;
      }
    }
    await this.advance(matchKey, total, resultDue);
    return sent;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async advance(matchKey: string, total: number, resultSeen: boolean): Promise<void> {
    // The sent log only has to outlive the matches it names; trimmed at most hourly per process.
    if (Date.now() - this.lastTrim > 3_600_000) {
      this.lastTrim = Date.now();
      await this.db.kysely
        .deleteFrom('push_sent')
        .where('sent_at', '<', sql<Date>`now() - make_interval(days => ${KEEP_SENT_DAYS})`)
        .execute();
    }
    await this.db.kysely
      .updateTable('push_progress')
      .set((eb) => ({ balls_seen: eb.fn('greatest', ['balls_seen', eb.val(total)]), result_seen: eb.or([eb.ref('result_seen'), eb.val(resultSeen)]).$castTo<boolean>() }))
      .where('match_key', '=', matchKey)
      .execute();
  }

  /** Inserts the sent-log rows of one notification; false when another process (or an earlier try) already did. */
  private async claim(fan: StoredSubscription, matchKey: string, eventKeys: string[]): Promise<boolean> {
    // An insert from unnest() (the keys one parameter): plain SQL, as the builders cannot select from a function of a parameter.
    const { rows } = await sql<{ event_key: string }>`insert into push_sent (subscription_id, event_key)
       select ${fan.id}, unnest(${eventKeys.map((key) => `${matchKey}:${key}`)}::text[])
       on conflict do nothing returning event_key`.execute(this.db.kysely);
    // Every key new: this process sends. Some taken (the result after its ball went alone): the rest is sent only if the first key is new.
    return rows.some((row) => row.event_key === `${matchKey}:${eventKeys[0]}`);
  }

  /** Sends one notification; true when the push service says the subscription is gone (it is then deleted). */
  private async send(fan: StoredSubscription, payload: AlertPayload, keys: { publicKey: string; privateKey: string }): Promise<boolean> {
    try {
      await webpush.sendNotification({ endpoint: fan.endpoint, keys: { p256dh: fan.p256dh, auth: fan.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_S,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        ...(this.options.agent ? { agent: this.options.agent } : {}),
      });
      await this.db.kysely.updateTable('push_subscriptions').set({ last_success_at: sql<Date>`now()` }).where('id', '=', fan.id).execute();
      return false;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await this.subscriptions.remove(fan.endpoint);
        this.options.logger?.info({ subscription: fan.id, status: error.statusCode }, 'push: subscription gone, removed');
        return true;
      }
      // Another failure (the push service down): logged; the alert is not sent twice on a retry.
      this.options.logger?.error({ err: error, subscription: fan.id }, 'push: sending failed');
      return false;
    }
  }

  /** Player names by person id in both languages. */
  private async names(events: BallEvent[]): Promise<Map<string, Record<Lang, string>>> {
    const ids = new Set<string>();
    for (const event of events) {
      if (event.kind === 'wicket') {
        ids.add(event.playerOut);
        if (event.bowler) ids.add(event.bowler);
      } else if (event.kind === 'milestone' || event.kind === 'five_for') ids.add(event.player);
    }
    if (ids.size === 0) return new Map();
    const rows = await this.db.kysely.selectFrom('people').select(['id', 'registry_id', 'name']).where('id', '=', anyInteger([...ids].map(Number))).execute();
    return new Map(rows.map((person) => [String(person.id), { en: person.name, hi: localPlayerName({ name: person.name, key: person.registry_id }, 'hi') }]));
  }
}

export function registerMatchAlertsJob(jobs: JobQueue, alerts: MatchAlerts): void {
  jobs.register(
    MATCH_ALERTS_JOB,
    async ({ matchKey }) => {
      await alerts.run(matchKey);
    },
    { payload: matchAlertsPayload, concurrency: 1 },
  );
}

const MATCH_TAG = /^match:(.+)$/;

/**
 * Queues a match-alerts job for each match the change feed says changed. The dedupe key holds the
 * match and its revision and live sequence: every process hears the tag, and their jobs for one
 * change are one job, while a later ball makes a new job even while the last one runs.
 */
export function listenForMatchAlerts(
  feed: Pick<ChangeFeed, 'subscribe'>,
  db: Db,
  jobs: Pick<JobQueue, 'enqueue'>,
  options: { logger?: JobLogger; holdWhile?: () => boolean } = {},
): () => void {
  return feed.subscribe((published) => {
    if (options.holdWhile?.()) return;
    const keys = published.map((tag) => MATCH_TAG.exec(tag)?.[1]).filter((key): key is string => key !== undefined && key.length <= 64);
    if (keys.length === 0) return;
    (async () => {
      // Only matches someone follows could need a job: in an import of thousands, none is queued for the rest.
      const any = await db.kysely.selectFrom('push_subscriptions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
      if (!any || any.n === 0) return;
      const rows = await db.kysely.selectFrom('matches').select(['match_key', 'revision', 'live_sequence']).where('match_key', '=', anyText(keys)).execute();
      for (const row of rows) {
        await jobs.enqueue({
          kind: MATCH_ALERTS_JOB,
          payload: { matchKey: row.match_key },
          dedupeKey: `${row.match_key}@${row.revision}.${row.live_sequence}`,
          maxAttempts: 3,
        });
      }
    })().catch((error: unknown) => options.logger?.error({ err: error }, 'push: queueing alerts failed'));
  });
}
