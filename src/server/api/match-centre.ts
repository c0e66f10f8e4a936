// Match centre resources of the provider API (spec §7): match detail, scorecard,
// commentary, squads, plus the Info tab's form, head to head and recent matches.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Lang } from '../domain/result.ts';
import type { Services } from '../services/index.ts';
import { ApiError } from './errors.ts';
import { keyParameter, langParameter, parseQuery } from './query.ts';

export const matchQuery = z.object({ match_key: keyParameter('match_key'), lang: langParameter });

type MatchResource<T> = (matchKey: string, lang: Lang) => Promise<T | null>;

export function registerMatchCentreRoutes(api: FastifyInstance, services: Services): void {
  const centre = services.matchCentre;

  /** GET path(s) answering { status: true, data } for a known match key, 404 otherwise. */
  const route = <T>(paths: string[], load: MatchResource<T>) => {
    for (const path of paths) {
      api.get(path, async (request) => {
        const { match_key, lang } = parseQuery(matchQuery, request.query);
        const value = await load(match_key, lang);
        if (value === null) throw new ApiError(404, `No match with key ${match_key}`);
        return { status: true, data: value };
      });
    }
  };

  route(['/match/detail'], (key, lang) => centre.detail(key, lang));
  // The spec calls these with a trailing slash; both spellings answer.
  route(['/scorecard/', '/scorecard'], (key, lang) => centre.scorecard(key, lang));
  // 'commentory' is the spec's spelling; data is { related_balls: [...] }.
  route(['/get/commentory/', '/get/commentory'], (key, lang) => centre.commentary(key, lang));
  // data.team.a / data.team.b, each with name and players (spec §3 Squad).
  route(['/get/squad'], (key, lang) => centre.squad(key, lang));
  route(['/match/info'], (key, lang) => centre.info(key, lang));
}
