// The payloads of the live events, made through the same read models as the HTTP API (match
// detail, commentary), so a pushed ball is exactly the ball get/commentory then returns: from the
// committed state, after the commit (the fan-out, fan-out.ts). Texts are in English, the
// provider's language for socket payloads; our pages in Hindi hear each new ball's sentence
// again in Hindi ('wording').
import { isLegalDelivery } from '../domain/overs.ts';
import type { Delivery } from '../domain/types.ts';
import { presentCommentaryBall, presentScorecard, presentWinProbabilityBall } from '../wire/presenters/match-centre.ts';
import { presentLiveState, type LiveStateObject } from '../wire/presenters/live.ts';
import { presentMatchObject, type MatchObject } from '../wire/presenters/match.ts';
import {
  APP_COMMENTORY_BALLS,
  type AppCommentoryEvent,
  type CardEvent,
  type CommentoryEvent,
  type LiveBallObject,
  type ScoreEvent,
  type WordingEvent,
  type WordingLang,
} from '../wire/schemas/realtime.ts';
import type { Services } from '../services/index.ts';
import type { InningsCommentary } from '../services/match-centre/commentary.ts';

const LANG = 'en';

type Header = { match_key: string; sequence: number };

export class LivePayloads {
  constructor(private readonly services: Services) {}

  /** The match object as get/all/matches sends it. */
  async matchObject(matchKey: string): Promise<MatchObject> {
    const detail = await this.services.matchCentre.detail(matchKey, LANG);
    if (!detail) throw new Error(`no match ${matchKey}`);
    return presentMatchObject(detail);
  }

  /**
   * play.live as the match object has it (null when the match is not in play), without the rest
   * of the match object. With the match's id its reads go out with the match row's.
   */
  async live(matchKey: string, matchId?: number): Promise<LiveStateObject | null> {
    const found = await this.services.matchCentre.live(matchKey, matchId);
    if (!found) throw new Error(`no match ${matchKey}`);
    return found.state && presentLiveState(found.state, found.teamNames, LANG);
  }

  async score(header: Header, match: MatchObject): Promise<ScoreEvent> {
    const [chances, card] = await Promise.all([
      this.services.matchCentre.winProbability(header.match_key),
      this.services.matchCentre.scorecard(header.match_key, LANG),
    ]);
    const last = chances?.points.at(-1);
    return {
      ...header,
      innings: match.play.innings,
      live: match.play.live,
      // The provider's client shows this as the Scoreboard tab of a match in play (decision 061).
      players: card ? presentScorecard(card) : { nationality: [], more: [] },
      win_probability: last ? presentWinProbabilityBall(last) : null,
    };
  }

  card(header: Header, match: MatchObject): CardEvent {
    return { ...header, match };
  }

  /** `live` is the match object's play.live (live() reads it alone). */
  commentory(header: Header, ball: LiveBallObject, live: LiveStateObject | null): CommentoryEvent {
    // The latest ball itself (the provider's client reads last_ball_key.team_score...): this ball,
    // unless the event takes it back or corrects an older one.
    const latest = !ball.is_delete && live?.last_ball_key === ball.key ? ball : null;
    return { ...header, commentory: [ball], live, last_ball_key: latest };
  }

  /**
   * A 'commentory' event as an app of an API origin hears it (the provider's client replaces its
   * list with each event, decision 061): the latest APP_COMMENTORY_BALLS balls of the event's
   * innings, oldest first, from the committed state, with the event's own ball as it was sent
   * (a new one added or replaced, one taken back left out). Our pages' event is `event` itself.
   */
  async appCommentory(event: CommentoryEvent): Promise<AppCommentoryEvent> {
    const [ball] = event.commentory;
    if (!ball) return { ...event, commentory: [] };
    const innings = await this.services.matchCentre.inningsCommentary(event.match_key, Number.parseInt(ball.key, 10), LANG);
    const balls: LiveBallObject[] = [];
    if (innings) {
      // Only the tail is built (liveBallOf counts the balls faced from the innings' start).
      const from = Math.max(0, innings.balls.length - APP_COMMENTORY_BALLS - 1);
      for (let index = from; index < innings.balls.length; index += 1) {
        if (innings.balls[index]!.key !== ball.key) balls.push(liveBallOf(innings, index));
      }
    }
    if (!ball.is_delete) balls.push(ball);
    return { ...event, commentory: balls.slice(-APP_COMMENTORY_BALLS) };
  }

  /**
   * The ball with this key as the live feed sends it; null when no such ball is stored. Only
   * the ball's innings is read and folded (its key starts with the innings' number), not the
   * match's other innings: get/commentory has the same entry. With the match's id the innings'
   * reads go out with the match row's.
   */
  async liveBall(matchKey: string, ballKey: string, matchId?: number): Promise<LiveBallObject | null> {
    const inningsNo = Number.parseInt(ballKey, 10);
    const innings = await this.services.matchCentre.inningsCommentary(matchKey, inningsNo, LANG, matchId);
    const index = innings?.balls.findIndex((ball) => ball.key === ballKey) ?? -1;
    return innings && index >= 0 ? liveBallOf(innings, index) : null;
  }

  /**
   * A ball's sentence and its over's summary in another language, from the same commentary the
   * page in that language renders (and caches); null when no such ball is stored.
   */
  async wording(matchKey: string, ballKey: string, lang: WordingLang): Promise<WordingEvent | null> {
    const innings = await this.services.matchCentre.inningsCommentary(matchKey, Number.parseInt(ballKey, 10), lang);
    const entry = innings?.balls.find((ball) => ball.key === ballKey);
    if (!entry) return null;
    const { comment, over_summary: overSummary } = presentCommentaryBall(entry);
    return { match_key: matchKey, key: ballKey, lang, comment, over_summary: overSummary };
  }
}

/** Entry `index` of an innings' commentary as the live feed sends it. */
function liveBallOf(innings: InningsCommentary, index: number): LiveBallObject {
  const entry = innings.balls[index]!;
  const delivery = innings.deliveries[index]!;
  // Balls the batter faced in the innings up to this one (a wide is not faced).
  const faced = innings.deliveries
    .slice(0, index + 1)
    .filter((other) => other.batter === delivery.batter && other.extras.wides === 0).length;
  const fielders = delivery.wickets.flatMap((wicket) => wicket.fielders);
  const entryObject = presentCommentaryBall(entry);
  return {
    ...entryObject,
    batsman: { ...entryObject.batsman, is_dot_ball: delivery.runsTotal === 0 && delivery.wickets.length === 0 && isLegalDelivery(delivery), ball_count: faced },
    team_score: { ...entryObject.team_score, wickets: delivery.wickets.length },
    fielders: fielders.map((fielder) => {
      const known = fielder.id === null ? null : innings.person(Number(fielder.id));
      return { player_key: known?.key ?? null, name: known?.name ?? fielder.name, substitute: fielder.substitute };
    }),
    ball_type: ballType(delivery),
    updated_time: Date.now(),
    is_delete: false,
    update_reason: null,
  };
}

function ballType(delivery: Delivery): LiveBallObject['ball_type'] {
  const { extras } = delivery;
  if (extras.wides > 0) return 'wide';
  if (extras.noballs > 0) return 'no_ball';
  if (extras.byes > 0) return 'bye';
  if (extras.legbyes > 0) return 'leg_bye';
  return 'normal';
}
