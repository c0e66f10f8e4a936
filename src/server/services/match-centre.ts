// The match centre (spec §2 Match detail, §3 Scorecard, Commentary entry, Squad): one
// match's detail, scorecard, story (the Summary tab), commentary, squads and info tab, one module per resource under
// match-centre/. Each response is cached per match and language until the data changes;
// a cold build reads each table once for the whole match (never once per player).
import type { Kysely } from 'kysely';
import type { Database, TeamSide } from '../db/schema.ts';
import type { Lang } from '../domain/result.ts';
import { tags } from '../feed/tags.ts';
import type { TaggedCache } from './cache.ts';
import type { Commentary, MatchDetail, MatchFantasy, MatchInfo, MatchStory, Scorecard, Squad, TopFantasy, TopFantasyTab } from './match-centre-types.ts';
import { buildFantasy, buildTopFantasy } from './match-centre/fantasy.ts';
import { buildCommentary, buildInningsCommentary, CommentaryFolds, type InningsCommentary } from './match-centre/commentary.ts';
import { buildDetail } from './match-centre/detail.ts';
import { buildInfo } from './match-centre/info.ts';
import { buildScorecard } from './match-centre/scorecard.ts';
import { teamNamesOf, type MatchCentreRow } from './match-centre/shared.ts';
import { loadLiveStates, type LiveState, type PendingMatches } from './live-state.ts';
import { buildSquad } from './match-centre/squad.ts';
import { buildWinProbability, type WinProbability } from './match-centre/winprob.ts';
import { placeOfMatch, type WinProbRatings } from './winprob-ratings.ts';
import { buildStory } from './match-centre/story.ts';
import { selectMatchRows } from './match-rows.ts';

export { FORM_LENGTH, HEAD_TO_HEAD_LIMIT, RECENT_LIMIT } from './match-centre/info.ts';

/** Thrown inside a cache loader so that an unknown key is not cached (a failed load never is). */
class UnknownMatch extends Error {}

export class MatchCentreService {
  /** The live innings' commentary folds this process made last, for the next ball's to go on from (decision 086). */
  readonly commentaryFolds = new CommentaryFolds();

  /**
   * @param cache for the small resources (detail, scorecard, squad, info)
   * @param commentaryCache a Test's commentary is close to 1 MB, so it gets a cache of its own
   *   holding few entries
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
    private readonly commentaryCache: TaggedCache,
    private readonly ratings: WinProbRatings,
  ) {}

  detail(matchKey: string, lang: Lang): Promise<MatchDetail | null> {
    return this.cached('detail', matchKey, lang, (match) => buildDetail(this.db, match, lang, () => this.liveState(match)));
  }

  scorecard(matchKey: string, lang: Lang): Promise<Scorecard | null> {
    return this.cached('scorecard', matchKey, lang, (match) => buildScorecard(this.db, match, lang));
  }

  /** The Summary tab's story: every regular innings over by over beside the scorecard's best figures. */
  story(matchKey: string, lang: Lang): Promise<MatchStory | null> {
    return this.cached('story', matchKey, lang, async (match) => {
      const scorecard = await this.scorecard(matchKey, lang);
      return buildStory(this.db, match, scorecard ?? (await buildScorecard(this.db, match, lang)));
    });
  }

  commentary(matchKey: string, lang: Lang): Promise<Commentary | null> {
    return this.cached('commentary', matchKey, lang, (match) => buildCommentary(this.db, match, lang), { cache: this.commentaryCache });
  }

  /**
   * One innings' commentary, built from the committed state (not cached): a live ball (the
   * fan-out's new, corrected, undone, caught-up and primed balls). The innings is read whole
   * each time; its fold goes on from the one this process made for the ball before when the
   * innings read is that one's with one ball more (decision 086), else it is folded whole.
   * Null for an unknown match or innings.
   */
  async inningsCommentary(matchKey: string, inningsNo: number, lang: Lang, matchId?: number): Promise<InningsCommentary | null> {
    // Given the match's id (the fan-out has it from the commit), the innings' reads go out with the row's.
    if (matchId !== undefined) return buildInningsCommentary(this.db, { id: matchId, row: this.matchRow(matchKey) }, inningsNo, lang, this.commentaryFolds);
    const match = await this.matchRow(matchKey);
    return match && buildInningsCommentary(this.db, match, inningsNo, lang, this.commentaryFolds);
  }

  /**
   * The live state the detail's play.live is made of (null when the match is not in play), with
   * the team names it is presented with, without the rest of the detail; cached with the
   * detail's own, so the detail built next reuses it. Null for an unknown match.
   */
  async live(matchKey: string, matchId?: number): Promise<{ state: LiveState | null; teamNames: Record<TeamSide, string> } | null> {
    if (matchId !== undefined) {
      // Given the match's id (the fan-out has it from the commit), the live state's reads go out
      // with the row's (decision 086); the row says whether the match is in play.
      const row = this.matchRow(matchKey);
      const rows = row.then((found) => {
        if (found && found.id !== matchId) throw new Error(`match ${matchKey} is not match ${matchId}`);
        return found ? [found] : [];
      });
      const [match, state] = await Promise.all([
        row,
        this.cachedLiveState(matchKey, matchId, { ids: [matchId], rows }),
      ]);
      if (!match) return null;
      return { state: match.status === 'started' ? state : null, teamNames: teamNamesOf(match) };
    }
    const match = await this.matchRow(matchKey);
    if (!match) return null;
    return { state: await this.liveState(match), teamNames: teamNamesOf(match) };
  }

  /** A match's live state (null when it is not in play), cached until the match changes (one language for all). */
  private liveState(match: MatchCentreRow): Promise<LiveState | null> {
    if (match.status !== 'started') return Promise.resolve(null);
    return this.cachedLiveState(match.match_key, match.id, [match]);
  }

  private cachedLiveState(matchKey: string, matchId: number, matches: readonly MatchCentreRow[] | PendingMatches): Promise<LiveState | null> {
    return this.cache.get(`match-centre:live:${matchKey}`, [tags.match(matchKey)], async () => (await loadLiveStates(this.db, matches)).get(matchId) ?? null);
  }

  squad(matchKey: string, lang: Lang): Promise<Squad | null> {
    return this.cached('squad', matchKey, lang, (match) => buildSquad(this.db, match, lang));
  }

  /**
   * P(team a wins) after every ball and before the first (decision 039); the same in every
   * language. Judged on the ratings and pars before the match; cached per version of them (a
   * result counted elsewhere may move this match's sides or its competition's par). A ball of
   * this match waits on no re-read of its own result (WinProbRatings.settledFor).
   */
  async winProbability(matchKey: string): Promise<WinProbability | null> {
    await this.ratings.settledFor(matchKey);
    return this.cached(`winprob@${this.ratings.version}`, matchKey, 'en', async (match) =>
      buildWinProbability(this.db, match, await this.ratings.standingBefore(placeOfMatch(match), matchKey)),
    );
  }

  /** Form and head to head come from the teams' other matches: their tags are the teams' too. */
  info(matchKey: string, lang: Lang): Promise<MatchInfo | null> {
    return this.cached('info', matchKey, lang, (match) => buildInfo(this.db, match, lang), {
      tagsOf: (match) => [tags.match(matchKey), tags.team(match.a_key), tags.team(match.b_key)],
    });
  }

  /** Fantasy points of every listed player: from the scorecard, so current after each ball. */
  fantasy(matchKey: string): Promise<MatchFantasy | null> {
    return this.cached('fantasy', matchKey, 'en', (match) => buildFantasy(this.db, match));
  }

  /** The Top Fantasy Points page: earlier matches of the sides' players, which the teams' tags cover. */
  topFantasy(matchKey: string, tab: TopFantasyTab): Promise<TopFantasy | null> {
    return this.cached(`top-fantasy:${tab}`, matchKey, 'en', (match) => buildTopFantasy(this.db, match, tab), {
      tagsOf: (match) => [tags.match(matchKey), tags.team(match.a_key), tags.team(match.b_key)],
    });
  }

  private async cached<T>(
    resource: string,
    matchKey: string,
    lang: Lang,
    build: (match: MatchCentreRow) => Promise<T>,
    { cache = this.cache, tagsOf = () => [tags.match(matchKey)] }: { cache?: TaggedCache; tagsOf?: (match: MatchCentreRow) => string[] } = {},
  ): Promise<T | null> {
    const match = await this.matchRow(matchKey);
    if (!match) return null;
    return cache.get(`match-centre:${resource}:${matchKey}:${lang}`, tagsOf(match), () => build(match));
  }

  /** The match's row, cached (null for an unknown key, which is not kept). */
  private async matchRow(matchKey: string): Promise<MatchCentreRow | null> {
    try {
      return await this.cache.get(`match-centre:row:${matchKey}`, [tags.match(matchKey)], async () => {
        const match = await this.findMatch(matchKey);
        if (!match) throw new UnknownMatch();
        return match;
      });
    } catch (error) {
      if (error instanceof UnknownMatch) return null;
      throw error;
    }
  }

  private findMatch(matchKey: string): Promise<MatchCentreRow | undefined> {
    // uncounted: by its key, any match (a replay or a voided match keeps its page).
    return selectMatchRows(this.db, 'matches')
      .select(['m.team_a_id', 'm.team_b_id'])
      .where('m.match_key', '=', matchKey)
      .executeTakeFirst();
  }
}
