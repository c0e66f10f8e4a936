// Match centre resources of the provider API (spec §7): match detail, scorecard,
// commentary, squad, plus the Info tab's form, head to head and recent matches.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Lang } from '../domain/result.ts';
import type { Services } from '../services/index.ts';
import { ApiError } from './errors.ts';
import { presentCommentary, presentMatchDetail, presentMatchInfo, presentScorecard, presentSquad, presentWinProbability, providerSquad } from '../wire/presenters/match-centre.ts';
import { presentLiveState } from '../wire/presenters/live.ts';
import { routeSchema, type RouteContract } from '../wire/schemas/common.ts';
import { matchCentreRoutes, type matchQuery } from '../wire/schemas/match-centre.ts';

type Envelope = z.ZodObject<{ status: z.ZodLiteral<true>; data: z.ZodType }>;
type DataOf<R extends Envelope> = z.output<R>['data'];

export function registerMatchCentreRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const centre = services.matchCentre;

  /** Each path of a resource answering { status: true, data } for a known match key, 404 otherwise. */
  const serve = <R extends Envelope>(
    contract: RouteContract<typeof matchQuery, undefined, R>,
    load: (matchKey: string, lang: Lang) => Promise<DataOf<R> | null>,
  ) => {
    for (const path of contract.paths) {
      api.get(path, { schema: routeSchema(contract) }, async (request) => {
        const { match_key, lang } = request.query;
        const value = await load(match_key, lang);
        if (value === null) throw new ApiError(404, `No match with key ${match_key}`);
        return { status: true as const, data: value };
      });
    }
  };

  serve(matchCentreRoutes.detail, async (key, lang) => {
    const detail = await centre.detail(key, lang);
    return detail && presentMatchDetail(detail);
  });
  serve(matchCentreRoutes.scorecard, async (key, lang) => {
    const card = await centre.scorecard(key, lang);
    return card && presentScorecard(card);
  });
  serve(matchCentreRoutes.commentary, async (key, lang) => {
    const [commentary, live] = await Promise.all([centre.commentary(key, lang), centre.live(key)]);
    return commentary && presentCommentary(commentary, live?.state ? presentLiveState(live.state, live.teamNames, lang) : null);
  });
  for (const path of matchCentreRoutes.squad.paths) {
    api.get(path, { schema: routeSchema(matchCentreRoutes.squad) }, async (request) => {
      const { match_key, lang } = request.query;
      const squad = await centre.squad(match_key, lang);
      if (squad === null) throw new ApiError(404, `No match with key ${match_key}`);
      const data = presentSquad(squad);
      return { status: true as const, data, team: providerSquad(data) };
    });
  }
  serve(matchCentreRoutes.info, async (key, lang) => {
    const info = await centre.info(key, lang);
    return info && presentMatchInfo(info);
  });
  serve(matchCentreRoutes.winProbability, async (key) => {
    const chances = await centre.winProbability(key);
    return chances && presentWinProbability(chances);
  });
}
