// Match alerts over Web Push end to end (issue 29 §4): balls scored through the live engine, the
// alerts job run as the job queue runs it, and a local push service (HTTPS, tests/helpers/
// push-service.ts) that checks each request's VAPID signature and decrypts its payload (RFC 8291)
// with the browser keys made here. PGlite always, PostgreSQL when TEST_DATABASE_URL answers.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { JobQueue } from '../../src/server/store/job-queue.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import type { Live } from '../../src/server/realtime/fan-out.ts';
import { MATCH_ALERTS_JOB, MatchAlerts, registerMatchAlertsJob, type AlertPayload } from '../../src/server/push/alerts.ts';
import { DEFAULT_PREFERENCES, vapidKeys, type PushPreferences } from '../../src/server/push/subscriptions.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { openerKey as key, openerKkr as kkr, openerRcb as rcb, startLiveServer, type LiveServer } from '../helpers/live-server.ts';
import { browserKeys, checkVapid, decryptPush, startPushService, type BrowserKeys, type LocalPushService } from '../helpers/push-service.ts';
import { createUser } from '../helpers/accounts.ts';
import { queryNumber } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';

const SUBJECT = 'mailto:alerts@crease.test';

const ball = (batter: string, nonStriker: string, bowler: string, runs: number, more: Partial<CricsheetBall> = {}): CricsheetBall => ({
  batter: key(batter),
  non_striker: key(nonStriker),
  bowler: key(bowler),
  runs: { batter: runs, extras: 0, total: runs },
  ...more,
});

interface Fan {
  path: string;
  keys: BrowserKeys;
}

describe.each(await databasesUnderTest())('web push on %s', (_name, open) => {
  let db: Db;
  let live: LiveServer;
  let engine: Live;
  let push: LocalPushService;
  let alerts: MatchAlerts;
  let matchKey: string;
  let publicKey: string;
  let idempotency = 0;
  const fans: Record<string, Fan> = {};

  const subscribe = async (name: string, preferences: Partial<PushPreferences>, userId: string | null = null) => {
    const fan = { path: `/push/${name}`, keys: browserKeys() };
    fans[name] = fan;
    await alerts.subscriptions.subscribe(
      { subscription: { endpoint: `${push.origin}${fan.path}`, keys: fan.keys.json }, preferences: { ...DEFAULT_PREFERENCES, ...preferences } },
      userId,
    );
  };
  const record = (b: CricsheetBall) => engine.recordBall(matchKey, b, { idempotencyKey: `b${(idempotency += 1)}` });
  /** What one fan received since `from`, decrypted, each request's VAPID checked. */
  const heard = (name: string, from = 0): AlertPayload[] =>
    push.received.slice(from).filter((request) => request.path === fans[name]!.path).map((request) => {
      expect(checkVapid(request.headers.authorization as string, push.origin, publicKey)).toEqual({ sub: SUBJECT });
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(request.headers.ttl)).toBeGreaterThan(0);
      return JSON.parse(decryptPush(request.body, fans[name]!.keys)) as AlertPayload;
    });

  beforeAll(async () => {
    db = await open();
    await sql`truncate push_progress, push_keys, jobs`.execute(db.kysely);
    await sql`delete from push_subscriptions`.execute(db.kysely);
    live = await startLiveServer(db);
    engine = live.engine;
    push = await startPushService();
    alerts = new MatchAlerts(db, { subject: SUBJECT, agent: push.agent });
    publicKey = (await vapidKeys(db)).publicKey;
    ({ matchKey } = await engine.createFixture(
      t20Fixture({
        tournament: { name: 'Push Test Cup' },
        teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
        venue: { name: 'Eden Gardens', city: 'Kolkata' },
        squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
      }),
    ));
    const [kolkata] = await db.kysely.selectFrom('teams').select('team_key').where('name', '=', 'Kolkata Knight Riders').execute();
    await subscribe('follower', { match_keys: [matchKey] });
    await subscribe('hindi', { match_keys: [matchKey], language: 'hi' });
    await subscribe('team-fan', { team_keys: [kolkata!.team_key], kinds: ['wicket', 'result'] });
    await subscribe('other-match', { match_keys: ['no-such-match'] });
    // Signed in: the account's favourite teams count, though the device named none.
    const user = await createUser(db, '9876543210', 'a long enough password 1');
    await sql`insert into user_settings (user_id, settings) values (${user}, ${JSON.stringify({ favourite_teams: [kolkata!.team_key] })}::jsonb)
      on conflict (user_id) do update set settings = excluded.settings`.execute(db.kysely);
    await subscribe('account-fan', { kinds: ['result'] }, user);
    // Quiet all day but the minute of 23:59 (UTC): never sent.
    await subscribe('asleep', { match_keys: [matchKey], quiet_start: 0, quiet_end: 1439 });
    await subscribe('gone', { match_keys: [matchKey] });
    push.answer.set(fans.gone!.path, 410);
  }, 120_000);

  afterAll(async () => {
    await push?.close();
    await live?.close();
  });

  it('keeps one VAPID key pair in the database', async () => {
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await vapidKeys(db)).publicKey).toBe(publicKey);
    expect(await queryNumber(db, 'select count(*) from push_keys')).toBe(1);
  });

  it('a wicket: one notification for the first ball (start and wicket combined), in each fan\'s language; a 410 removes the subscription', async () => {
    const [ganguly, mccullum, praveen] = [kkr[0]!, kkr[1]!, 'P Kumar'];
    await engine.setToss(matchKey, { winner: 'b', decision: 'field' });
    await engine.startInnings(matchKey, { battingSide: 'a' });
    await record(ball(ganguly, mccullum, praveen, 0, { wickets: [{ kind: 'bowled', player_out: key(ganguly) }] }));
    const sent = await alerts.run(matchKey);

    const follower = heard('follower');
    expect(follower).toHaveLength(1);
    expect(follower[0]).toEqual({
      title: 'Kolkata Knight Riders v Royal Challengers Bangalore',
      body: `Kolkata Knight Riders v Royal Challengers Bangalore has started\nWicket! ${ganguly} is out to ${praveen} (0/1)`,
      url: `/match/${matchKey}`,
      tag: `match:${matchKey}`,
      lang: 'en',
    });
    const hindi = heard('hindi');
    expect(hindi).toHaveLength(1);
    expect(hindi[0]!.body).toContain('विकेट!');
    expect(hindi[0]!.body).toContain('शुरू हो गया है');
    expect(hindi[0]!.url).toBe(`/hi/match/${matchKey}`);
    // The team's fan asked for wickets only.
    expect(heard('team-fan').map((p) => p.body)).toEqual([`Wicket! ${ganguly} is out to ${praveen} (0/1)`]);
    expect(heard('other-match')).toEqual([]);
    expect(heard('asleep')).toEqual([]);
    expect(sent).toBe(3);
    // Gone: asked once, answered 410, deleted.
    expect(push.received.filter((request) => request.path === fans.gone!.path)).toHaveLength(1);
    expect(await queryNumber(db, `select count(*) from push_subscriptions where endpoint like '%/push/gone'`)).toBe(0);

    // Run again with nothing new: nothing is sent twice.
    const before = push.received.length;
    expect(await alerts.run(matchKey)).toBe(0);
    expect(push.received.length).toBe(before);
  });

  it('two job-queue workers on one ball send each fan one notification: a fifty', async () => {
    const [mccullum, hussey, zaheer] = [kkr[1]!, kkr[2]!, 'Z Khan'];
    for (let i = 0; i < 8; i += 1) await record(ball(mccullum, hussey, zaheer, 6));
    // 48 runs: no milestone yet, and nothing for anyone.
    expect(await alerts.run(matchKey)).toBe(0);
    const from = push.received.length;
    await record(ball(mccullum, hussey, zaheer, 4));

    const queues = [0, 1].map(() => new JobQueue(db, { pollMs: 60_000 }));
    for (const queue of queues) registerMatchAlertsJob(queue, new MatchAlerts(db, { subject: SUBJECT, agent: push.agent }));
    // Two processes heard the change and queued it under different keys: two jobs, claimed at once.
    await queues[0]!.enqueue({ kind: MATCH_ALERTS_JOB, payload: { matchKey }, dedupeKey: 'one' });
    await queues[1]!.enqueue({ kind: MATCH_ALERTS_JOB, payload: { matchKey }, dedupeKey: 'two' });
    await Promise.all(queues.map((queue) => queue.claimDue()));
    await Promise.all(queues.map((queue) => queue.idle()));
    expect(await queryNumber(db, `select count(*) from jobs where kind = '${MATCH_ALERTS_JOB}' and status = 'done'`)).toBe(2);

    expect(heard('follower', from).map((p) => p.body)).toEqual([`Fifty for ${mccullum}`]);
    expect(heard('hindi', from).map((p) => p.body)).toEqual([expect.stringContaining('का अर्धशतक')]);
    expect(heard('team-fan', from)).toEqual([]);
    expect(await queryNumber(db, `select count(*) from push_sent where event_key = '${matchKey}:ball:1.10'`)).toBe(2);
  });

  it('the result: an innings closed by hand told with the next ball; the deciding ball, its innings end and the result in one notification', async () => {
    await engine.endInnings(matchKey, {});
    expect(await alerts.run(matchKey)).toBe(0);
    const from = push.received.length;
    // Bangalore need 53 from 20 overs.
    const [dravid, jaffer, ganguly] = [rcb[0]!, rcb[1]!, kkr[0]!];
    await engine.startInnings(matchKey, {});
    await record(ball(dravid, jaffer, ganguly, 1));
    await alerts.run(matchKey);
    for (let i = 0; i < 8; i += 1) await record(ball(dravid, jaffer, ganguly, 6));
    const deciding = await record(ball(dravid, jaffer, ganguly, 6));
    expect(deciding).toMatchObject({ matchCompleted: true });
    await alerts.run(matchKey);

    const result = 'Royal Challengers Bangalore won by 10 wickets (with 110 balls remaining)';
    expect(heard('follower', from).map((p) => [p.title, p.body])).toEqual([
      ['Kolkata Knight Riders v Royal Challengers Bangalore', 'End of innings: Kolkata Knight Riders 52/1'],
      ['Result: Kolkata Knight Riders v Royal Challengers Bangalore', `Fifty for ${dravid}\nEnd of innings: Royal Challengers Bangalore 55/0\n${result}`],
    ]);
    expect(heard('team-fan', from).map((p) => p.body)).toEqual([result]);
    expect(heard('account-fan').map((p) => p.body)).toEqual([result]);
    const hindi = heard('hindi', from);
    expect(hindi).toHaveLength(2);
    expect(hindi[1]!.title).toContain('नतीजा');
    expect(hindi[1]!.body).toContain('पारी समाप्त');
    // Nothing more: the result is not sent again.
    const before = push.received.length;
    expect(await alerts.run(matchKey)).toBe(0);
    expect(push.received.length).toBe(before);
  });

  it('an imported match is history: its fans hear nothing of its balls or result', async () => {
    const [imported] = await db.kysely.selectFrom('matches').select('match_key').where('source', '=', 'cricsheet').execute();
    await subscribe('history-fan', { match_keys: [imported!.match_key] });
    expect(await alerts.run(imported!.match_key)).toBe(0);
    expect(heard('history-fan')).toEqual([]);
    expect(await queryNumber(db, `select balls_seen from push_progress where match_key = '${imported!.match_key}'`)).toBeGreaterThan(200);
  });
});
