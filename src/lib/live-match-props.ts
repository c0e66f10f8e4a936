// The live island's first state, from the same read models and presenters as the API, so the
// server-rendered page and the socket events speak one format (the provider's).
import type { LiveMatchProps } from '../islands/LiveMatch.tsx';
import { liveLabels } from '../islands/live/labels.ts';
import { localizePath, type Lang } from '../i18n/index.ts';
import { presentCommentary } from '../server/api/presenters/match-centre.ts';
import { presentMatchObject } from '../server/api/presenters/match.ts';
import type { Commentary, MatchDetail } from '../server/services/match-centre-types.ts';
import { situationText } from '../server/domain/test-match.ts';
import { MAX_BALLS } from '../stores/live-match.ts';

export function liveMatchProps(
  match: MatchDetail,
  commentary: Commentary | null,
  tab: LiveMatchProps['tab'],
  lang: Lang,
): Omit<LiveMatchProps, 'children'> {
  const object = presentMatchObject(match);
  // The island shows the newest balls; get/commentory and the scorecard hold the rest.
  const balls = commentary ? presentCommentary(commentary).related_balls.sort((x, y) => y.entry_time - x.entry_time).slice(0, MAX_BALLS) : [];
  return {
    matchKey: match.key,
    sequence: match.liveSequence,
    live: object.play.live,
    innings: object.play.innings,
    balls,
    teams: { a: { code: match.teams.a.code, name: match.teams.a.name }, b: { code: match.teams.b.code, name: match.teams.b.name } },
    target: match.target?.runs ?? null,
    dayNumber: match.dayNumber,
    toss: match.tossText,
    situation: match.situation && situationText(match.situation, { a: match.teams.a.name, b: match.teams.b.name }, lang),
    tab,
    lang,
    labels: liveLabels(lang),
    playerHref: `${localizePath(`/getMatchList/playerInformation/${encodeURIComponent(match.key)}`, lang)}?player_key=`,
  };
}
