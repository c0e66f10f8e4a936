// The provider's own web client against our API (docs: ../shared/docs/provider-client-contract.md,
// issue 27): every call it makes, with its exact path and headers ('Authorization: Bearer null'
// when signed out), on real data — a completed T20 (the IPL 2026 final), a no result, a completed
// Test (the Ashes), a live replay stopped in the chase, a league with a table (IPL 2026), a
// bilateral series without one (the Ashes), a player, news and a reel — and every field path the
// client reads checked with its type and each rule that keeps it from crashing. PGlite.
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { attachRealtime, type Realtime } from '../../src/server/realtime/index.ts';
import { APP_COMMENTORY_BALLS } from '../../src/server/wire/schemas/realtime.ts';
import type { Live } from '../../src/server/realtime/fan-out.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createLive } from '../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../src/server/realtime/match-broadcaster.ts';
import { createReplay, playReplay } from '../../src/server/jobs/replay.ts';
import type { Db } from '../../src/server/db/client.ts';
import { localName } from '../../src/i18n/names.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { expectShape, prefixed, type ShapeRules } from '../helpers/wire-shape.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { openerKey, openerKkr, openerRcb } from '../helpers/live-server.ts';
import { accountsApp, APP_ORIGIN, createUser, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
const T20_FINAL = '1529312';
const NO_RESULT = '1529293';
const ASHES_TEST = '1455615';
const IPL_2026 = 'indian-premier-league-2026';
const ASHES = 'the-ashes-2025-26';
const OPENER = '335982';
/** What the client sends on every call when signed out (services/api.js). */
const SIGNED_OUT = { 'content-type': 'application/json', authorization: 'Bearer null' };

// ---------- the client's reads (§0.7, §2), one rule set per object ----------

const innings = (key: string): ShapeRules => ({ [`${key}?.score.runs`]: 'number', [`${key}?.wickets`]: 'number', [`${key}?.overs`]: 'overs' });

/** §0.7 the Match object, as every list and the detail send it. */
const MATCH: ShapeRules = {
  match_key: 'string',
  status: 'string',
  format: 'string',
  tou_name: 'string',
  tou_short_name: 'string',
  sub_title: 'string',
  'venue.name': 'string',
  'venue.city': 'string',
  start_at: 'epoch-s',
  toss: 'toss|null',
  'team.a.name': 'string',
  'team.a.code': 'string',
  'team.a.url': 'string',
  'team.b.name': 'string',
  'team.b.code': 'string',
  'team.b.url': 'string',
  'play.day_number': 'primitive',
  'play.target?.runs': 'number',
  ...prefixed('play.innings', { ...innings('a_1'), ...innings('a_2'), ...innings('b_1'), ...innings('b_2') }),
  'play.result?.winner': 'primitive',
  'play.result?.win_by': 'primitive',
  'play.result?.result_type': 'primitive',
  'play.result?.msg': 'string',
  'play.result?.pom': 'string[]',
};

/** play.live of a match in play (§0.7, §2 Tab: Live, §3.3 under live.). */
const liveRules = (at: string): ShapeRules =>
  prefixed(at, {
    batting_team: 'string',
    striker_key: 'string|null',
    non_striker_key: 'string|null',
    'score.runs': 'number',
    'score.wickets': 'number',
    'score.run_rate': 'number',
    'score.overs': 'overs',
    'score.msg_trail_by': 'primitive',
    'score.msg_lead_by': 'primitive',
    'required_score?.title': 'string',
    'required_score?.run_rate': 'primitive',
    'match_break?.reason': 'string',
    'recent_overs_repr[].overnumber': 'number',
    'recent_overs_repr[].ball_repr': 'string[]',
    ...prefixed('recent_players', {
      'striker?.key': 'string',
      'striker?.name': 'string',
      ...Object.fromEntries(['runs', 'balls', 'sixes', 'fours', 'strike_rate'].map((stat) => [`striker?.stats.${stat}`, 'number'])),
      ...Object.fromEntries(['runs', 'balls', 'sixes', 'fours', 'strike_rate'].map((stat) => [`non_striker?.stats.${stat}`, 'number'])),
      ...Object.fromEntries(
        ['bowler', 'prev_over_bowler'].flatMap((who) => [
          [`${who}?.key`, 'string'],
          [`${who}?.name`, 'string'],
          [`${who}?.stats.wickets`, 'number'],
          [`${who}?.stats.overs`, 'overs'],
          [`${who}?.stats.runs`, 'number'],
          [`${who}?.stats.economy`, 'number'],
        ]),
      ),
    }),
  });

/** The detail adds these to the Match object (§0.7 detail only, §2 Info tab). */
const DETAIL: ShapeRules = { ...MATCH, match_id: 'string', weather: 'primitive', 'association.code': 'string' };

/** A ball of get/commentory and of the socket's commentory (§2 E3). */
const BALL: ShapeRules = {
  comment: 'string',
  bowler: 'object',
  'bowler.is_wicket': 'boolean',
  'bowler.runs': 'primitive',
  overs: 'overs',
  'batsman.runs': 'primitive',
  'batsman.is_four': 'boolean',
  'batsman.is_six': 'boolean',
  'wicket?.player_key': 'primitive',
  entry_time: 'number',
};

/** E4 data, and the socket score's players (§2 Tab: Scoreboard). */
const SCOREBOARD: ShapeRules = {
  nationality: 'array',
  'nationality[].code': 'string',
  'nationality[].score.score.runs': 'number',
  'nationality[].score.wickets': 'number',
  'nationality[].score.overs': 'overs',
  ...Object.fromEntries(
    ['teamA', 'teamB', 'teamC', 'teamD'].flatMap((team) =>
      Object.entries({
        'batsman[].player.key': 'string',
        'batsman[].player.name': 'string',
        'batsman[].score': 'object',
        'bowler[].player.key': 'string',
        'bowler[].player.name': 'string',
        'bowler[].score': 'object',
        'extraRun.extra': 'number',
        'extraRun.no_ball': 'number',
        'extraRun.wide': 'number',
        'extraRun.leg_bye': 'number',
        'partnerships[].player_a_key': 'string',
        'partnerships[].player_a_name': 'string',
        'partnerships[].player_a_score.runs': 'number',
        'partnerships[].player_a_score.balls': 'number',
        'partnerships[].player_b_key': 'string',
        'partnerships[].player_b_name': 'string',
        'partnerships[].player_b_score.runs': 'number',
        'partnerships[].player_b_score.balls': 'number',
        'partnerships[].score.runs': 'number',
        'partnerships[].score.balls': 'number',
      }).map(([rule, type]) => [`${team}?.${rule}`, type]),
    ),
  ),
};

/** Rows of the scoreboard under the key the client reads (K = '1' for chips 0 and 1, '2' for 2 and 3). */
function scoreboardLines(team: string, key: '1' | '2', bowlersOf: string): ShapeRules {
  return {
    [`${team}.batsman[].score.${key}.batting.score.runs`]: 'number',
    [`${team}.batsman[].score.${key}.batting.score.balls`]: 'number',
    [`${team}.batsman[].score.${key}.batting.score.fours`]: 'number',
    [`${team}.batsman[].score.${key}.batting.score.sixes`]: 'number',
    [`${team}.batsman[].score.${key}.batting.score.strike_rate`]: 'number',
    [`${team}.batsman[].score.${key}.batting.dismissal?.msg`]: 'string',
    [`${team}.batsman[].score.${key}.batting.dismissal?.overs`]: 'overs',
    [`${bowlersOf}.bowler[].score.${key}.bowling.score.overs`]: 'overs',
    [`${bowlersOf}.bowler[].score.${key}.bowling.score.maiden_overs`]: 'number',
    [`${bowlersOf}.bowler[].score.${key}.bowling.score.runs`]: 'number',
    [`${bowlersOf}.bowler[].score.${key}.bowling.score.wickets`]: 'number',
    [`${bowlersOf}.bowler[].score.${key}.bowling.score.economy`]: 'number',
  };
}

/** News items (§2 E6, E7, E8). */
const NEWS: ShapeRules = {
  data: 'array',
  'data[].cover_image': 'string|null',
  'data[].heading': 'string',
  'data[].sub_heading': 'string',
  'data[].content': 'string',
  'data[].created_at': 'date',
  'data[].description': 'object',
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`data[].description.p${n}`, 'string'])),
};

/** A reel (§2 E16–E18). */
const REELS: ShapeRules = {
  data: 'array',
  'data[].url': 'string',
  'data[].title': 'string',
  'data[].reel_id': 'primitive',
  'data[].like_id': 'primitive',
  'data[].likeStatus': 'string|null',
  'data[].likeCount': 'number',
  'data[].commentCount': 'number',
};

describe('the provider web client contract', () => {
  let db: Db;
  let services: Services;
  let accounts: AccountsApp;
  let app: FastifyInstance;
  let live: Live;
  let broadcaster: SocketBroadcaster;
  let folder: string;
  let replayKey: string;
  let scorerFixture: string;
  let playerKey: string;

  beforeAll(async () => {
    db = await freshDatabase();
    folder = await mkdtemp(path.join(os.tmpdir(), 'provider-contract-'));
    await copyFile(path.join(fixtures, `${OPENER}.json`), path.join(folder, `${OPENER}.json`));
    services = createServices(db);
    const summary = await importSources(db, [path.join(fixtures, 'e2e'), folder], { publish: (tags) => services.feed.publish(tags) });
    expect(summary.failedSources).toEqual([]);
    broadcaster = new SocketBroadcaster();
    live = createLive({ db, services, broadcaster });
    // The app as main.ts builds it, API_CORS_ORIGINS naming the provider client's origin.
    accounts = await accountsApp(db, { appOptions: { services, live } });
    app = accounts.app;

    // The opener replayed up to the chase's fifth over: a match in play with a target.
    replayKey = await createReplay(db, live, OPENER);
    const stop = new AbortController();
    let balls = 0;
    await playReplay(db, live, OPENER, replayKey, { ballsPerMinute: 0, signal: stop.signal, onBall: () => (balls += 1) === 150 && stop.abort() });

    // A scorer's fixture with no venue and no toss yet: still a complete match object.
    const { matchKey: fixtureKey } = await live.createFixture(
      t20Fixture({
        tournament: { name: 'Contract Cup' },
        teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
        squads: { a: openerKkr.map((name) => ({ key: openerKey(name) })), b: openerRcb.map((name) => ({ key: openerKey(name) })) },
      }),
    );
    scorerFixture = fixtureKey;

    const { id } = await services.news.create(
      { texts: { en: { heading: 'Royals take the title', sub_heading: 'A 30-run win', content: 'Rajasthan Royals beat Mumbai Indians.', paragraphs: ['p1'] } }, tags: [] },
      null,
    );
    await services.news.setStatus(id, 'published', null);
    const editor = await createUser(db, '9000000002', 'edit12', 'editor');
    const reelId = await services.reels.create({ title: 'Winning moment', titleHi: null, uploadedBy: editor, sourceBytes: 1000 }, async () => undefined);
    await services.reels.markReady(reelId, { video: `${reelId}.mp4`, poster: `${reelId}.jpg`, durationMs: 2000, videoBytes: 1000 });

    const card = await services.matchCentre.scorecard(T20_FINAL, 'en');
    playerKey = card!.innings[0]!.batting[0]!.player.key;
  }, 180_000);

  afterAll(async () => {
    await accounts?.close();
    await db?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** A call as services/api.js makes it: `${BASE}/${path}`, JSON content type, Bearer null, from the app's origin. */
  async function call(pathAndQuery: string, method: 'GET' | 'POST' | 'PUT' = 'GET', body?: unknown) {
    const response = await app.inject({
      method,
      url: `/user/v1/${pathAndQuery}`,
      headers: { ...SIGNED_OUT, origin: APP_ORIGIN },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(response.headers['content-type'], pathAndQuery).toContain('application/json');
    expect(response.headers['access-control-allow-origin'], pathAndQuery).toBe(APP_ORIGIN);
    return response.json<Record<string, unknown>>();
  }

  it('answers the preflight of every call from the app origin', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/user/v1/get/all/matches',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(response.headers['access-control-allow-methods'])).toMatch(/GET.*POST.*PUT.*DELETE/);
  });

  it('E1 get/all/matches: an array of match objects, the live one with its play.live', async () => {
    const body = await call('get/all/matches');
    expectShape(body, { data: 'array', 'data[]': 'object', ...prefixed('data[]', MATCH) }, 'E1');
    const matches = body.data as { match_key: string; status: string; play: { live: unknown } }[];
    expect(matches.map((match) => match.match_key)).toContain(scorerFixture);
    const live = matches.find((match) => match.match_key === replayKey);
    expect(live?.status).toBe('started');
    expectShape(live, liveRules('play.live'), 'E1 live match');
  });

  it('E2 match/detail of a completed T20, a Test, a no result and the live replay', async () => {
    for (const key of [T20_FINAL, ASHES_TEST, NO_RESULT, replayKey, scorerFixture]) {
      const body = await call(`match/detail?match_key=${key}`);
      expectShape(body, { data: 'object', ...prefixed('data', DETAIL) }, `E2 ${key}`);
    }
    const done = (await call(`match/detail?match_key=${T20_FINAL}`)).data as { match_id: string; status: string; play: { result: { pom: string[] } } };
    // The player page's back arrow opens /getMatchList/{match_id} as a match key.
    expect(((await call(`match/detail?match_key=${done.match_id}`)).data as { match_key: string }).match_key).toBe(T20_FINAL);
    expect(done.status).toBe('completed');
    expect(done.play.result.pom.length).toBeGreaterThan(0);
    const noResult = (await call(`match/detail?match_key=${NO_RESULT}`)).data as { play: { result: unknown } };
    // The Live tab of a completed match reads pom[0] whenever result exists.
    if (noResult.play.result !== null) expectShape(noResult, { 'play.result.pom': 'string[]' }, 'no result');
    const live = (await call(`match/detail?match_key=${replayKey}`)).data as { status: string; play: { live: { required_score: unknown } } };
    expect(live.status).toBe('started');
    expect(live.play.live.required_score).not.toBeNull();
    expectShape(live, liveRules('play.live'), 'E2 live');
  });

  it("the live replay's situation in Hindi (lang=hi) names the side in Hindi, as the pages do", async () => {
    const chasing = localName('team', 'Royal Challengers Bangalore', 'hi');
    expect(chasing).not.toBe('Royal Challengers Bangalore');
    const english = ((await call(`match/detail?match_key=${replayKey}`)).data as { play: { live: { required_score: { title: string } } } }).play.live;
    expect(english.required_score.title).toMatch(/^Royal Challengers Bangalore need \d+ runs? (from|in) \d+ balls?/);
    const detail = ((await call(`match/detail?match_key=${replayKey}&lang=hi`)).data as { play: { live: { required_score: { title: string } } } }).play.live;
    const list = ((await call('get/all/matches?lang=hi')).data as { match_key: string; play: { live: { required_score: { title: string } } } }[]).find(
      (match) => match.match_key === replayKey,
    )!.play.live;
    const commentary = ((await call(`get/commentory/?match_key=${replayKey}&lang=hi`)).data as { live: { required_score: { title: string } } }).live;
    for (const [where, live] of [['match/detail', detail], ['get/all/matches', list], ['get/commentory', commentary]] as const) {
      expect(live.required_score.title, where).toContain(chasing);
      expect(live.required_score.title, where).not.toMatch(/[A-Za-z]/);
    }
  });

  it('E3 get/commentory/: related_balls is an array of complete balls', async () => {
    for (const key of [T20_FINAL, ASHES_TEST, replayKey]) {
      const body = await call(`get/commentory/?match_key=${key}`);
      expectShape(body, { 'data.related_balls': 'array', ...prefixed('data.related_balls[]', BALL) }, `E3 ${key}`);
      expect((body.data as { related_balls: unknown[] }).related_balls.length).toBeGreaterThan(0);
    }
    // In play, every wicket box shows the striker's figures from data.live.
    const live = await call(`get/commentory/?match_key=${replayKey}`);
    expectShape(live, { 'data.live': 'object', ...liveRules('data.live') }, 'E3 live');
  });

  it('E4 scorecard/: innings chips and every line keyed by the side\'s innings number from 1', async () => {
    const t20 = await call(`scorecard/?match_key=${T20_FINAL}`);
    expectShape(t20, { ...prefixed('data', SCOREBOARD), ...prefixed('data', { ...scoreboardLines('teamA', '1', 'teamB'), ...scoreboardLines('teamB', '1', 'teamA') }) }, 'E4 T20');
    const test = await call(`scorecard/?match_key=${ASHES_TEST}`);
    expectShape(
      test,
      {
        ...prefixed('data', SCOREBOARD),
        ...prefixed('data', {
          ...scoreboardLines('teamA', '1', 'teamB'),
          ...scoreboardLines('teamB', '1', 'teamA'),
          ...scoreboardLines('teamC', '2', 'teamD'),
          ...scoreboardLines('teamD', '2', 'teamC'),
        }),
      },
      'E4 Test',
    );
    const card = test.data as { nationality: unknown[]; teamA: { batsman: { score: Record<string, { batting: { dismissal: unknown } }> }[] } };
    expect(card.nationality).toHaveLength(4);
    // Not out is an explicit null, never a missing dismissal.
    for (const line of card.teamA.batsman) expect(line.score['1']!.batting.dismissal === undefined).toBe(false);
    const live = await call(`scorecard/?match_key=${replayKey}`);
    expectShape(live, prefixed('data', SCOREBOARD), 'E4 live');
  });

  it('E5 get/squad: top-level team with both sides and their players', async () => {
    for (const key of [T20_FINAL, replayKey]) {
      const body = await call(`get/squad?match_key=${key}`);
      expectShape(
        body,
        {
          'team.a.name': 'string',
          'team.b.name': 'string',
          'team.a.player[]': 'object',
          'team.b.player[]': 'object',
          ...prefixed('team.a.player[]', { image: 'string|null', player_name: 'string', player_key: 'string' }),
          ...prefixed('team.b.player[]', { image: 'string|null', player_name: 'string', player_key: 'string' }),
        },
        `E5 ${key}`,
      );
      expect((body.team as { a: { player: unknown[] } }).a.player.length).toBeGreaterThanOrEqual(11);
    }
  });

  it('E6, E7, E8 get/all/news: items always with heading, content and description', async () => {
    for (const query of ['limit=3&offset=0', 'limit=4&offset=0', 'limit=5&offset=0']) {
      const body = await call(`get/all/news?${query}`);
      expectShape(body, NEWS, `news ${query}`);
      expect((body.data as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('E9 get/all/tournaments: an array of { tou_key, imgURl, short_name }', async () => {
    const body = await call('get/all/tournaments');
    expectShape(body, { data: 'array', 'data[].tou_key': 'string', 'data[].imgURl': 'string|null', 'data[].short_name': 'string' }, 'E9');
  });

  /** §2 E10. */
  const TOURNAMENT: ShapeRules = {
    tournamentName: 'string',
    startDate: 'epoch-s',
    lastScheduledMatchDate: 'epoch-s',
    tournamentKey: 'string',
    formats: 'string[]',
    'teamsDetails.matches': 'array',
    ...prefixed('teamsDetails.matches[]', MATCH),
    'teamsDetails.teams': 'array',
    'teamsDetails.teams[].code': 'string',
    'teamsDetails.teams[].url': 'string',
    'teamsDetails.teams[].name': 'string',
    ...Object.fromEntries(
      ['bt', 'bo', 'ar', 'wc'].flatMap((role) => [
        [`teamsDetails.teams[].players.${role}`, 'array'],
        [`teamsDetails.teams[].players.${role}[].name`, 'string'],
        [`teamsDetails.teams[].players.${role}[].image`, 'string|null'],
        [`teamsDetails.teams[].players.${role}[].role`, 'string[]'],
      ]),
    ),
    'teamsDetails.tournamentPoints': 'array',
    'teamsDetails.tournamentPoints[].tournament_round.name': 'string',
    'teamsDetails.tournamentPoints[].groups': 'array',
    'teamsDetails.tournamentPoints[].groups[].group.name': 'string',
    'teamsDetails.tournamentPoints[].groups[].points': 'array',
    ...prefixed('teamsDetails.tournamentPoints[].groups[].points[]', {
      'team.name': 'string',
      'team.url': 'string|null',
      played: 'number',
      won: 'number',
      lost: 'number',
      tied: 'number',
      no_result: 'number',
      points: 'number',
      net_run_rate: 'primitive',
    }),
  };

  it('E10 get/tournament/{key}: a league with its points table under teamsDetails, a series with []', async () => {
    const league = await call(`get/tournament/${IPL_2026}`);
    expectShape(league, prefixed('data', TOURNAMENT), 'E10 league');
    const points = (league.data as { teamsDetails: { tournamentPoints: unknown[] } }).teamsDetails.tournamentPoints;
    expect(points.length).toBeGreaterThan(0);
    const series = await call(`get/tournament/${ASHES}`);
    expectShape(series, prefixed('data', TOURNAMENT), 'E10 series');
    expect((series.data as { teamsDetails: { tournamentPoints: unknown[] } }).teamsDetails.tournamentPoints).toEqual([]);
  });

  it('E11 tournamentwise/player/stats: an array, also for an unknown key and the literal undefined', async () => {
    const rules: ShapeRules = {
      data: 'array',
      'data[].player_name': 'string',
      'data[].nationality.image': 'string|null',
      'data[].nationality.name': 'string',
      'data[].performance.batting.most_runs.rank': 'primitive',
      'data[].performance.batting.most_runs.value': 'primitive',
      'data[].performance.batting.most_fours.value': 'primitive',
      'data[].performance.batting.most_sixes.value': 'primitive',
      'data[].performance.bowling.most_wickets.rank': 'primitive',
      'data[].performance.bowling.most_wickets.value': 'primitive',
      'data[].performance.bowling.best_bowling.runs': 'primitive',
      'data[].performance.bowling.best_bowling.economy': 'primitive',
      'data[].performance.bowling.most_maidens.value': 'primitive',
    };
    const stats = await call(`tournamentwise/player/stats?tou_key=${IPL_2026}`);
    expectShape(stats, rules, 'E11');
    expect((stats.data as unknown[]).length).toBeGreaterThan(0);
    // An unknown key (the literal undefined of /statsweb) is the error shape: no data, never an object.
    for (const key of ['undefined', 'no-such-tournament']) {
      const body = await call(`tournamentwise/player/stats?tou_key=${key}`);
      expect(body.data === undefined || body.data === null || Array.isArray(body.data), key).toBe(true);
    }
  });

  it('E12 get/match/fixtures: day groups with Date-parsable dates, with every filter and the trailing &', async () => {
    for (const query of ['limit=30&offset=0&', 'limit=30&offset=0&format=t20', 'limit=30&offset=0&format=test', 'limit=30&offset=0&gender=female']) {
      const body = await call(`get/match/fixtures?${query}`);
      expectShape(body, { data: 'array', 'data[].date': 'date', 'data[].matches': 'array', ...prefixed('data[].matches[]', MATCH) }, `E12 ${query}`);
    }
  });

  it('E13 get/tournament/month: month groups with Date-parsable months', async () => {
    for (const query of ['limit=30&offset=0', 'limit=30&offset=0&format=test']) {
      const body = await call(`get/tournament/month?${query}`);
      expectShape(
        body,
        {
          data: 'array',
          'data[]': 'object',
          'data[].month': 'date',
          'data[].data': 'array',
          ...prefixed('data[].data[]', { tou_key: 'string', imgURl: 'string|null', name: 'string', start_date: 'epoch-s', last_scheduled_match_date: 'epoch-s' }),
        },
        `E13 ${query}`,
      );
    }
  });

  it('E14 player/overview: the player and per-format stats with primitives and overs', async () => {
    const body = await call(`player/overview?ass_key=ind&player_key=${playerKey}`);
    const batting = ['matches', 'innings', 'runs', 'high_score', 'hundreds', 'fifties', 'strike_rate', 'average', 'fours', 'sixes', 'ducks', 'not_outs'];
    const bowling = ['matches', 'innings', 'wickets', 'best_str', 'runs', 'economy', 'average', 'strike_rate', 'three_wickets', 'five_wickets', 'ten_wickets'];
    expectShape(
      body,
      {
        'data.player.image': 'string|null',
        'data.player.player_name': 'string',
        'data.player.nationality?.code': 'string',
        'data.player.nationality?.name': 'string',
        'data.player.date_of_birth': 'date|null',
        'data.stats': 'array',
        'data.stats[].formet': 'string',
        ...Object.fromEntries(batting.map((stat) => [`data.stats[].batting.${stat}`, 'primitive'])),
        ...Object.fromEntries(bowling.map((stat) => [`data.stats[].bowling.${stat}`, 'primitive'])),
      },
      'E14',
    );
    // A Test bowler: the app prints a t20 entry's overs whole and reads overs[0] of the others.
    const card = await services.matchCentre.scorecard(ASHES_TEST, 'en');
    const bowler = card!.innings[0]!.bowling[0]!.player.key;
    const test = await call(`player/overview?ass_key=cricsheet&player_key=${bowler}`);
    const stats = (test.data as { stats: { formet: string }[] }).stats;
    expect(stats.some((row) => row.formet === 'test')).toBe(true);
    for (const row of stats) {
      expectShape(row, { 'bowling.overs': row.formet === 't20' ? 'string' : 'overs', ...Object.fromEntries(bowling.map((stat) => [`bowling.${stat}`, 'primitive'])) }, `E14 ${row.formet}`);
    }
    // Without navigation state the client sends these; the answer is still JSON.
    const odd = await call('player/overview?ass_key=undefined&player_key=[object Object]');
    expect(odd.status).toBe(false);
  });

  it("E15 player/info: top-level finalData, each match's line under score.score['1']", async () => {
    const body = await call(`player/info?player_key=${playerKey}`);
    expectShape(
      body,
      {
        finalData: 'array',
        ...prefixed('finalData[]', {
          imgURl: 'string|null',
          tou_name: 'string',
          start_date: 'epoch-s',
          last_scheduled_match_date: 'epoch-s',
          countries: 'string[]',
          totalRun: 'number',
          totalMatch: 'number',
          totalstrike_rate: 'number',
          totalRunAvg: 'number|null',
          wickets: 'number',
          formats: 'string[]',
          'match[].name': 'string',
          'match[].start_at': 'epoch-s',
          'match[].score.score': 'object',
          'match[].score.score.1.batting?.score.runs': 'number',
          'match[].score.score.1.batting?.score.balls': 'number',
          'match[].score.score.1.bowling?.score.wickets': 'number',
          'match[].score.score.1.bowling?.score.runs': 'number',
        }),
      },
      'E15',
    );
  });

  it('E16, E17, E18 reels: an array of reels with and without a token', async () => {
    expectShape(await call('reels?limit=8&offset=0'), REELS, 'E17');
    expectShape(await call('auth/reels?limit=8&offset=0'), REELS, 'E16');
    const page = await call('auth/reels?limit=5&offset=0');
    expectShape(page, REELS, 'E18');
    expect((page.data as unknown[]).length).toBe(1);
    // A reel nobody likes sends a falsy likeStatus, so the next tap likes it (E20) rather than unlikes.
    expect((page.data as { likeStatus: unknown }[])[0]!.likeStatus).toBeFalsy();
    const reelId = (page.data as { reel_id: string }[])[0]!.reel_id;
    expectShape(await call(`get/comment?reel_id=${reelId}`), { comments: 'array', 'comments[].comment': 'string' }, 'E19');
  });

  // ---------- error answers (§0.2: read as successes, whatever the status) ----------

  it('§0.2 an error answer carries what the app reads, empty: data null, and the lists it uses unguarded as []', async () => {
    const errors: [string, Record<string, unknown>][] = [
      // The bare /getMatchList route, the player page without navigation state, /statsweb.
      ['match/detail?match_key=undefined', { data: null }],
      ['get/commentory/?match_key=undefined', { data: null }],
      ['scorecard/?match_key=undefined', { data: null }],
      ['get/squad?match_key=undefined', { data: null }],
      ['get/tournament/no-such-tournament', { data: null }],
      ['tournamentwise/player/stats?tou_key=undefined', { data: null }],
      ['player/overview?ass_key=undefined&player_key=[object Object]', { data: null }],
      // E15 maps finalData, E18 spreads data, E19 maps comments: each an empty array.
      ['player/info?player_key=[object Object]', { data: null, finalData: [] }],
      ['auth/reels?limit=5&offset=-5', { data: [] }],
      ['reels?limit=many&offset=0', { data: [] }],
      ['get/comment?reel_id=no-such-reel', { data: null, comments: [] }],
      ['no/such/resource', { data: null }],
    ];
    for (const [url, empty] of errors) {
      const body = await call(url);
      // Our own error style stays as it was: status false, message and errMsg.
      expect(body, url).toEqual({ status: false, message: expect.any(String), errMsg: body.message, ...empty });
    }
  });

  // ---------- signed out: 'Bearer null' (§0.2) ----------

  it('public endpoints answer "Bearer null", a bogus token and no header alike, as for a visitor', async () => {
    const urls = [
      'get/all/matches',
      `match/detail?match_key=${T20_FINAL}`,
      `get/tournament/${IPL_2026}`,
      'get/all/news?limit=3&offset=0',
      'reels?limit=8&offset=0',
      'auth/reels?limit=5&offset=0',
      `player/info?player_key=${playerKey}`,
    ];
    for (const url of urls) {
      const answers = [];
      for (const authorization of [undefined, 'Bearer null', 'Bearer undefined', 'Bearer not-a-session-token']) {
        const response = await app.inject({
          method: 'GET',
          url: `/user/v1/${url}`,
          headers: { 'content-type': 'application/json', origin: APP_ORIGIN, ...(authorization ? { authorization } : {}) },
        });
        expect(response.statusCode, `${url} with ${authorization}`).toBe(200);
        answers.push(response.json());
      }
      for (const answer of answers.slice(1)) expect(answer, url).toEqual(answers[0]);
    }
  });

  // ---------- §4 auth and profile, as the app drives them ----------

  /** Every auth answer: status and message (or errMsg), and never a code (OTP) anywhere. */
  function expectNoCode(body: Record<string, unknown>, code: string | undefined) {
    expect(body).not.toHaveProperty('OTP');
    expect(body).not.toHaveProperty('otp');
    if (code !== undefined) expect(JSON.stringify(body)).not.toContain(code);
  }

  it('§4.2 register: POST send/otp, verify/otp with the SMS code, register with the otp_id, then log in', async () => {
    const phone = '9123456780';
    const sent = await call(`send/otp?phone=${phone}`, 'POST');
    const code = accounts.sms.lastCodeTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(sent).toMatchObject({ status: true, otp_id: expect.any(String) });
    expectNoCode(sent, code);
    // Register before verifying: refused, with a message the app alerts.
    const early = await call('register', 'POST', { phone, password: 'Kx7q2z', otp_id: sent.otp_id });
    expect(early).toMatchObject({ status: false, errMsg: 'Please verify the OTP from your SMS first.' });
    const wrong = await call(`verify/otp?otp=000000&otp_id=${String(sent.otp_id)}&phone=${phone}`, 'POST');
    expect(wrong.status).toBe(false);
    const verified = await call(`verify/otp?otp=${code}&otp_id=${String(sent.otp_id)}&phone=${phone}`, 'POST');
    expect(verified).toMatchObject({ status: true, message: 'OTP verification successful!' });
    const registered = await call('register', 'POST', { phone, password: 'Kx7q2z', otp_id: sent.otp_id });
    expect(registered).toMatchObject({ status: true, message: 'Registration Successful' });
    expectNoCode(registered, code);
    // The otp_id is used up.
    expect((await call('register', 'POST', { phone, password: 'Kx7q2z', otp_id: sent.otp_id })).status).toBe(false);

    const login = await call('login', 'POST', { phone, password: 'Kx7q2z' });
    expect(login).toMatchObject({ status: true, message: expect.any(String), token: expect.any(String), userData: { phone, name: null, image: null } });
    const failed = await call('login', 'POST', { phone, password: 'wrong1' });
    expect(failed).toMatchObject({ status: false, errMsg: expect.any(String) });
  });

  it('§4.3 forgot password: the code goes by SMS only, so the step that sends back the returned code fails with a clear message', async () => {
    const phone = '9111111111';
    await createUser(db, phone, 'Pw9rt4');
    const sent = await call(`send_otp?phone=${phone}`, 'POST');
    const code = accounts.sms.lastCodeTo(phone);
    expect(sent).toMatchObject({ status: 'success', otp_id: expect.any(String) });
    expectNoCode(sent, code);
    // The app sends the OTP it kept from the answer: there was none.
    const verify = await call(`verify_otp?otp=undefined&otp_id=${String(sent.otp_id)}`, 'POST');
    const refusal = /only by SMS, never back to this app.*Forgot Password on the Crease website/;
    expect(verify).toMatchObject({ status: false, errMsg: expect.stringMatching(refusal) });
    const change = await call('change_password', 'PUT', { phone, password: 'Nw5yu8', otp_id: sent.otp_id });
    expect(change).toMatchObject({ status: false, errMsg: expect.stringMatching(refusal) });
    // Nothing changed, and the code was not used up: the site's form can still use it.
    expect((await call('login', 'POST', { phone, password: 'Pw9rt4' })).status).toBe(true);
    const onSite = await call('change_password', 'PUT', { phone, password: 'Nw5yu8', otp: code, otp_id: sent.otp_id });
    expect(onSite).toMatchObject({ status: 'success' });
  });

  it('§4.4 profile: get/user, user/profile and the photo under docs, with the Bearer token', async () => {
    const phone = '9222222222';
    await createUser(db, phone, 'pic123');
    const { token } = (await call('login', 'POST', { phone, password: 'pic123' })) as { token: string };
    const signedIn = { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: APP_ORIGIN };
    const user = await app.inject({ method: 'GET', url: '/user/v1/get/user', headers: signedIn });
    expectShape(user.json(), { 'data.name': 'string|null', 'data.phone': 'string', 'data.email': 'string|null', 'data.image': 'string|null' }, 'E23');
    const saved = await app.inject({ method: 'PUT', url: '/user/v1/user/profile', headers: signedIn, payload: { name: 'Asha', phone, email: 'asha@example.com' } });
    expect(saved.json()).toMatchObject({ status: true, message: expect.any(String) });
    const boundary = '----provider-contract';
    const png = await readFile(path.resolve(import.meta.dirname, '../fixtures/avatar-48.png'));
    const photo = await app.inject({
      method: 'PUT',
      url: '/user/v1/user/profile/image',
      headers: { authorization: `Bearer ${token}`, origin: APP_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="docs"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const after = (await app.inject({ method: 'GET', url: '/user/v1/get/user', headers: signedIn })).json<{ data: { name: string; image: string } }>();
    expect(after.data.name).toBe('Asha');
    // §4.4: the app shows data.image from its own origin: an absolute URL on ours.
    expect(after.data.image).toMatch(new RegExp(`^${SITE_ORIGIN.replaceAll('.', '\\.')}/media/avatars/[^/]+\\.webp$`));
  });

  it('E20–E22 reel writes: like, unlike and comment as the app sends them answer status "success"', async () => {
    const phone = '9333333333';
    await createUser(db, phone, 'reel12');
    const { token } = (await call('login', 'POST', { phone, password: 'reel12' })) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: APP_ORIGIN };
    const [reel] = (await app.inject({ method: 'GET', url: '/user/v1/auth/reels?limit=5&offset=0', headers })).json<{ data: { reel_id: string }[] }>().data;
    const like = (await app.inject({ method: 'POST', url: '/user/v1/add/like', headers, payload: { reel_id: reel!.reel_id, phone, status: 'like' } })).json();
    expect(like).toMatchObject({ status: 'success' });
    const [liked] = (await app.inject({ method: 'GET', url: '/user/v1/auth/reels?limit=5&offset=0', headers })).json<{ data: { like_id: string; likeStatus: string }[] }>().data;
    expect(liked!.likeStatus).toBe('like');
    const unlike = await app.inject({
      method: 'POST',
      url: `/user/v1/update/like?like_id=${liked!.like_id}`,
      headers,
      payload: { reel_id: reel!.reel_id, phone, status: 'dislike', is_deleted: 0 },
    });
    expect(unlike.json()).toMatchObject({ status: 'success' });
    // No body, the JSON content type all the same, the text not encoded.
    const comment = await app.inject({ method: 'POST', url: `/user/v1/add/comment?reel_id=${reel!.reel_id}&phone=${phone}&comment=Great shot`, headers });
    expect(comment.json()).toMatchObject({ status: 'success' });
    const comments = await call(`get/comment?reel_id=${reel!.reel_id}`);
    expectShape(comments, { comments: 'array', 'comments[].comment': 'string' }, 'E19 after a comment');
    expect((comments.comments as { comment: string }[]).map((one) => one.comment)).toEqual(['Great shot']);
  });

  // ---------- Socket.IO from the app's origin (§3) ----------

  describe('Socket.IO from the app origin', () => {
    let realtime: Realtime;
    let url: string;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      // As main.ts attaches it: the site's origin, the API's allowed ones, sessions, catch-up, snapshots.
      realtime = await attachRealtime(app.server, pino({ level: 'silent' }), {
        allowedOrigins: [SITE_ORIGIN],
        apiOrigins: [APP_ORIGIN],
        resolveUser: (token) => accounts.auth.resolveSession(token),
        catchUp: (matchKey, after) => live.catchUp(matchKey, after),
        snapshot: (matchKey) => live.snapshot(matchKey),
      });
      // As main.ts does with API_CORS_ORIGINS set: apps' snapshots are made.
      broadcaster.attach(realtime.io, { apps: true });
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await realtime?.close();
    });

    /** A socket as the client opens it: WebSocket only, from `origin`, with these handshake extras. */
    function open(origin: string, extra: { auth?: Record<string, string>; cookie?: string } = {}): Socket {
      const socket = connectClient(url, {
        transports: ['websocket'],
        extraHeaders: { origin, ...(extra.cookie ? { cookie: extra.cookie } : {}) },
        ...(extra.auth ? { auth: extra.auth } : {}),
        reconnection: false,
      });
      sockets.push(socket);
      return socket;
    }
    const connected = (socket: Socket) =>
      new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
    const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

    /** §3.3 what the client reads of a 'score' payload. */
    const SCORE: ShapeRules = { ...liveRules('live'), 'live.striker_key': 'string|null', ...prefixed('players', SCOREBOARD) };
    /** §3.4 what it reads of a 'commentory' payload. */
    const COMMENTORY: ShapeRules = {
      commentory: 'array',
      ...prefixed('commentory[]', BALL),
      'last_ball_key?.team_score.is_wicket': 'boolean',
      'last_ball_key?.batsman.runs': 'number',
      last_ball_key: 'object|null',
    };

    it('a visitor from the allowed origin hears the match as it stands on sub, then every ball', async () => {
      const socket = open(APP_ORIGIN);
      await connected(socket);
      const score = next<Record<string, unknown>>(socket, 'score');
      const commentory = next<Record<string, unknown>>(socket, 'commentory');
      // MatchDetails.jsx emits the raw match_key string.
      socket.emit('sub', replayKey);
      const [firstScore, firstBall] = await Promise.all([score, commentory]);
      expectShape(firstScore, SCORE, 'score on sub');
      expectShape(firstBall, COMMENTORY, 'commentory on sub');
      expect((firstBall.last_ball_key as { key: string }).key).toBe((firstScore.live as { last_ball_key: string }).last_ball_key);
      const players = firstScore.players as { nationality: unknown[] };
      expect(players.nationality).toHaveLength(2);
      // §3.2 the app replaces its list with each event: the chase's latest balls, not the last one alone.
      const keysOf = (payload: Record<string, unknown>) => (payload.commentory as { key: string }[]).map((ball) => ball.key);
      const chase = (await services.matchCentre.inningsCommentary(replayKey, 2, 'en'))!.balls.map((ball) => ball.key);
      expect(chase.length).toBeGreaterThan(20);
      expect(keysOf(firstBall)).toEqual(chase.slice(-APP_COMMENTORY_BALLS));

      // A page of our own site follows the same match: its events stay one ball each.
      const page = open(SITE_ORIGIN);
      await connected(page);
      const pageHeard: Record<string, unknown>[] = [];
      page.on('commentory', (payload: Record<string, unknown>) => pageHeard.push(payload));
      page.emit('sub', replayKey);

      // Two more balls of the replay: each pushed as a complete snapshot in the same shapes.
      const heard: { event: string; payload: Record<string, unknown> }[] = [];
      socket.on('score', (payload: Record<string, unknown>) => heard.push({ event: 'score', payload }));
      socket.on('commentory', (payload: Record<string, unknown>) => heard.push({ event: 'commentory', payload }));
      await until(() => realtime.io.of('/').adapter.rooms.get(`match:${replayKey}`)?.size === 2);
      const stop = new AbortController();
      let balls = 0;
      await playReplay(db, live, OPENER, replayKey, { ballsPerMinute: 0, signal: stop.signal, onBall: () => (balls += 1) === 2 && stop.abort() });
      await until(() => heard.length >= 4 && pageHeard.length >= 2);
      for (const { event, payload } of heard) expectShape(payload, event === 'score' ? SCORE : COMMENTORY, `pushed ${event}`);
      expect(heard.map((one) => one.event)).toEqual(['commentory', 'score', 'commentory', 'score']);
      const [second, third] = heard.filter((one) => one.event === 'commentory').map((one) => one.payload);
      const after = (await services.matchCentre.inningsCommentary(replayKey, 2, 'en'))!.balls.map((ball) => ball.key);
      expect(after).toHaveLength(chase.length + 2);
      // Each the innings' latest balls up to its own, which is its last_ball_key.
      expect(keysOf(second!)).toEqual(after.slice(0, -1).slice(-APP_COMMENTORY_BALLS));
      expect(keysOf(third!)).toEqual(after.slice(-APP_COMMENTORY_BALLS));
      expect((third!.last_ball_key as { key: string }).key).toBe(after.at(-1));
      // Our page heard the same two balls, one each, as before.
      expect(pageHeard.map((payload) => keysOf(payload))).toEqual([[after.at(-2)], [after.at(-1)]]);
      page.close();
    });

    it('a foreign origin is refused; an allowed one with a session cookie is a visitor, with auth.token a user', async () => {
      const refused = open('https://elsewhere.test');
      await expect(connected(refused)).rejects.toThrow();

      await createUser(db, '9876543210', 'pass12');
      const login = await app.inject({ method: 'POST', url: '/user/v1/login', headers: { origin: APP_ORIGIN }, payload: { phone: '9876543210', password: 'pass12' } });
      const token = login.json<{ token: string }>().token;
      const withCookie = open(APP_ORIGIN, { cookie: `crease_session=${token}` });
      const withToken = open(APP_ORIGIN, { auth: { token } });
      await Promise.all([connected(withCookie), connected(withToken)]);
      const users = new Map((await realtime.io.fetchSockets()).map((socket) => [socket.id, socket.data.user]));
      expect(users.get(withCookie.id!)).toBeNull();
      expect(users.get(withToken.id!)).toMatchObject({ role: 'user' });
    });
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
