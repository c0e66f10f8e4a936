// The match centre (spec §2 Match detail, §3 Scorecard, Commentary entry, Squad): one
// match's detail, scorecard, commentary, squads and info tab, one module per resource under
// match-centre/. Each response is cached per match and language until the data changes;
// a cold build reads each table once for the whole match (never once per player).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Lang } from '../domain/result.ts';
import { tags } from '../feed/tags.ts';
import type { TaggedCache } from './cache.ts';
import type { Commentary, MatchDetail, MatchFantasy, MatchInfo, Scorecard, Squad, TopFantasy, TopFantasyTab } from './match-centre-types.ts';
import { buildFantasy, buildTopFantasy } from './match-centre/fantasy.ts';
import { buildCommentary } from './match-centre/commentary.ts';
import { buildDetail } from './match-centre/detail.ts';
import { buildInfo } from './match-centre/info.ts';
import { buildScorecard } from './match-centre/scorecard.ts';
import type { MatchCentreRow } from './match-centre/shared.ts';
import { buildSquad } from './match-centre/squad.ts';
import { buildWinProbability, type WinProbability } from './match-centre/winprob.ts';
import { selectMatchRows } from './match-rows.ts';

export { FORM_LENGTH, HEAD_TO_HEAD_LIMIT, RECENT_LIMIT } from './match-centre/info.ts';

/** Thrown inside a cache loader so that an unknown key is not cached (a failed load never is). */
class UnknownMatch extends Error {}

export class MatchCentreService {
  /**
   * @param cache for the small resources (detail, scorecard, squad, info)
   * @param commentaryCache a Test's commentary is close to 1 MB, so it gets a cache of its own
   *   holding few entries
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
    private readonly commentaryCache: TaggedCache,
  ) {}

  detail(matchKey: string, lang: Lang): Promise<MatchDetail | null> {
    return this.cached('detail', matchKey, lang, (match) => buildDetail(this.db, match, lang));
  }

  scorecard(matchKey: string, lang: Lang): Promise<Scorecard | null> {
    return this.cached('scorecard', matchKey, lang, (match) => buildScorecard(this.db, match, lang));
  }

  commentary(matchKey: string, lang: Lang): Promise<Commentary | null> {
    return this.cached('commentary', matchKey, lang, (match) => buildCommentary(this.db, match, lang), { cache: this.commentaryCache });
  }

  squad(matchKey: string, lang: Lang): Promise<Squad | null> {
    return this.cached('squad', matchKey, lang, (match) => buildSquad(this.db, match, lang));
  }

  /** P(team a wins) after every ball and before the first (decision 039); the same in every language. */
  winProbability(matchKey: string): Promise<WinProbability | null> {
    return this.cached('winprob', matchKey, 'en', (match) => buildWinProbability(this.db, match));
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
    return selectMatchRows(this.db)
      .select(['m.team_a_id', 'm.team_b_id'])
      .where('m.match_key', '=', matchKey)
      .executeTakeFirst();
  }
}
