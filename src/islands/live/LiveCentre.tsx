// The Live tab's centre (issue 26, decision 073): the stand at the crease, the last wicket, the
// win probability, and either the projected totals (a limited-overs innings not chasing) or the
// chase's required rate against the current one. The server fills the stand and the last wicket
// in play.live; the projections, the chase's rates and the percents are computed here from the
// state the island holds (domain/live-centre.ts), so each ball's event carries none of them.
import { oversText, rate, scoreText } from '../../lib/ball-view.ts';
import { wordDismissal } from '../../server/domain/dismissal.ts';
import { chaseRates, projectedTotals, winPercents } from '../../server/domain/live-centre.ts';
import { RATE_BALLS } from '../../server/domain/overs.ts';
import type { DismissalKind } from '../../server/domain/types.ts';
import type { LiveStateObject, WinChance } from '../../stores/live-match.ts';
import type { LiveLabels } from './labels.ts';
import { PlayerName, usePlayerName } from './LiveViews.tsx';

export interface LiveCentreProps {
  live: LiveStateObject | null;
  teams: Record<'a' | 'b', { code: string }>;
  format: 't20' | 'oneday' | 'test';
  winProbability: WinChance | null;
  lang: 'en' | 'hi';
  labels: LiveLabels;
  playerHref: string;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

export function LiveCentre({ live, teams, format, winProbability, lang, labels, playerHref }: LiveCentreProps) {
  const nameOf = usePlayerName();
  if (!live) return null;
  const { score } = live;
  // An event logged before these fields existed (a catch-up across an upgrade) lacks them.
  const limitBalls = live.limit_balls ?? null;
  const atBreak = live.match_break?.reason === 'innings';
  const required = live.required_score;
  const chase =
    required && !atBreak
      ? chaseRates({ runs: score.runs, calledBalls: score.balls, requiredRuns: required.runs, ballsLeft: required.balls })
      : null;
  // A chase shows its rates instead; a super over (one over: six balls at most) and the break project nothing.
  const projections =
    required || atBreak || limitBalls === null || limitBalls <= RATE_BALLS
      ? []
      : projectedTotals({ format, runs: score.runs, legalBalls: score.balls, calledBalls: score.balls, limitBalls });
  const wicket = live.last_wicket ?? null;
  const stand = atBreak ? null : (live.partnership ?? null);
  const chances = winProbability && winPercents(winProbability.a_win, winProbability.draw);
  if (!stand && !wicket && !chances && !chase && projections.length === 0) return null;
  return (
    <section className="panel lx-centre" aria-labelledby="centre-heading" data-testid="live-centre">
      <h2 id="centre-heading" className="visually-hidden">
        {labels.centreHeading}
      </h2>
      {(stand || wicket) && (
        <dl className="lx-facts">
          {stand && (
            <div data-testid="partnership">
              <dt>{labels.partnership}</dt>
              <dd>
                <strong>{stand.runs}</strong>
                {` (${stand.balls})`}
              </dd>
            </div>
          )}
          {wicket && (
            <div data-testid="last-wicket">
              <dt>{labels.lastWicket}</dt>
              <dd>
                <PlayerName player={{ key: wicket.key, name: wicket.name }} playerHref={playerHref} />
                <strong>{` ${wicket.runs}`}</strong>
                {` (${wicket.balls}) `}
                <span className="lx-how">
                  {wordDismissal(
                    {
                      kind: wicket.kind as DismissalKind,
                      bowler: wicket.bowler && nameOf(wicket.bowler),
                      fielders: wicket.fielders.map((fielder) => ({ ...fielder, name: fielder.name && nameOf(fielder.name) })),
                    },
                    labels.dismissal,
                    lang,
                  )}
                </span>
                {' · '}
                <span className="muted lx-fell">
                  {`${fill(labels.fellAt, { score: scoreText(wicket.team_runs, score.wickets), overs: oversText(wicket.overs) })}`}
                </span>
              </dd>
            </div>
          )}
        </dl>
      )}
      {chances && (
        <div className="lx-block" data-testid="win-probability">
          <h3>{labels.winProbability}</h3>
          <div className="lx-bar" aria-hidden="true">
            <span className="lx-a" style={{ inlineSize: `${chances.a}%` }} />
            {chances.draw !== null && <span className="lx-draw" style={{ inlineSize: `${chances.draw}%` }} />}
            <span className="lx-b" style={{ inlineSize: `${chances.b}%` }} />
          </div>
          <p className="lx-figures">
            <span>{`${teams.a.code} ${chances.a}%`}</span>
            {chances.draw !== null && <span>{`${labels.winDraw} ${chances.draw}%`}</span>}
            <span>{`${teams.b.code} ${chances.b}%`}</span>
          </p>
        </div>
      )}
      {chase && required && (
        <div className="lx-block" data-testid="chase-rates">
          <h3>{labels.chaseHeading}</h3>
          <dl className="lx-rates">
            <div>
              <dt>{labels.requiredRate}</dt>
              <dd>{rate(chase.required)}</dd>
            </div>
            <div>
              <dt>{labels.currentRate}</dt>
              <dd>{rate(chase.current)}</dd>
            </div>
          </dl>
          <p className="lx-gap">{fill(chase.gap > 0 ? labels.chaseBehind : labels.chaseAhead, { gap: rate(Math.abs(chase.gap)) })}</p>
          <p className="muted lx-small">{fill(labels.atThisRate, { total: chase.projected, target: score.runs + required.runs })}</p>
        </div>
      )}
      {projections.length > 0 && (
        <div className="lx-block" data-testid="projected-score">
          <div className="scroll-table">
            <table>
              <caption>{labels.projectedScore}</caption>
              <tbody>
                <tr>
                  <th scope="row">{labels.rateRow}</th>
                  {projections.map((p) => (
                    <td key={`${p.current}-${p.rate}`} className={p.current ? 'strong' : undefined}>
                      {p.current ? `${rate(p.rate)}*` : String(p.rate)}
                    </td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">{labels.scoreRow}</th>
                  {projections.map((p) => (
                    <td key={`${p.current}-${p.rate}`} className={p.current ? 'strong' : undefined}>
                      {p.total}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          <p className="muted lx-small">{fill(labels.projectionCaption, { rate: '*' })}</p>
        </div>
      )}
    </section>
  );
}
