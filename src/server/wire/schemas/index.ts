// The whole contract of the provider API: every resource's route, query and response schemas.
import { accountRoutes } from './account.ts';
import { correctionRoutes } from './corrections.ts';
import { liveRoutes } from './live.ts';
import { matchCentreRoutes } from './match-centre.ts';
import { fantasyRoutes } from './fantasy.ts';
import { matchRoutes } from './matches.ts';
import { deskRoutes, newsRoutes } from './news.ts';
import { playerRoutes } from './players.ts';
import { pushRoutes } from './push.ts';
import { reelRoutes } from './reels.ts';
import { scorerRoutes } from './scorer.ts';
import { searchRoutes } from './search.ts';
import { tournamentRoutes } from './tournaments.ts';
import { otpRoutes, userRoutes } from './users.ts';

export const apiRoutes = [
  ...Object.values(matchRoutes),
  ...Object.values(matchCentreRoutes),
  ...Object.values(fantasyRoutes),
  ...Object.values(playerRoutes),
  ...Object.values(searchRoutes),
  ...Object.values(tournamentRoutes),
  ...Object.values(newsRoutes),
  ...Object.values(deskRoutes),
  ...Object.values(userRoutes),
  ...Object.values(otpRoutes),
  ...Object.values(accountRoutes),
  ...Object.values(correctionRoutes),
  ...Object.values(liveRoutes),
  ...Object.values(scorerRoutes),
  ...Object.values(reelRoutes),
  ...Object.values(pushRoutes),
];
