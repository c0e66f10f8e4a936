// The parts of the live match island, rendered from the provider's objects (play.live, the
// commentary entries) so the server's first render and every socket event use one renderer.
// They reuse the global classes of the server-rendered match components (ball-dot, cm-*, os-*,
// player-link) so the look stays one.
import { ballBadge, oversText, rate, reprKind, scoreText, type BallKind } from '../../lib/ball-view.ts';
import { splitComment } from '../../lib/safe-html.ts';
import { badgeHue } from '../../lib/team-badge.ts';
import { createContext, useContext, type CSSProperties } from 'react';
import type { LiveBall, LiveStateObject } from '../../stores/live-match.ts';
import { situationText } from '../../server/domain/test-match.ts';
import type { Situation } from '../../server/domain/situation.ts';
import type { LiveLabels } from './labels.ts';

export function BallDot({ label, kind, size = 'md' }: { label: string; kind: BallKind; size?: 'sm' | 'md' }) {
  return <span className={`ball-dot ball-dot--${kind} ball-dot--${size}`}>{label}</span>;
}

/**
 * Players' names in the page's language, by key and by Latin name (socket events name players
 * in Latin script for every fan): empty on English pages.
 */
export const PlayerNames = createContext<Readonly<Record<string, string>>>({});

/** A player's name as the page writes it: its language's where one is known. */
export function usePlayerName(): (latin: string, key?: string | null) => string {
  const names = useContext(PlayerNames);
  return (latin, key) => (key ? names[key] : undefined) ?? names[latin] ?? latin;
}

export function PlayerName({ player, playerHref }: { player: { key: string; name: string }; playerHref: string }) {
  const name = usePlayerName()(player.name, player.key);
  return player.key ? (
    <a className="player-link" href={playerHref + encodeURIComponent(player.key)}>
      {name}
    </a>
  ) : (
    <span className="player-link">{name}</span>
  );
}

interface PanelProps {
  live: LiveStateObject | null;
  teams: Record<'a' | 'b', { key: string; code: string; name: string }>;
  sideScores: Record<'a' | 'b', string | null>;
  target: number | null;
  dayNumber: number | null;
  toss: string | null;
  situation: string | null;
  lang: 'en' | 'hi';
  labels: LiveLabels;
  /**
   * The page lost its live connection: the clock time ('14:05', the fan's time) up to which the
   * score shown is known to be current. The status then says it is reconnecting, not live.
   */
  reconnectingSince?: string | null;
}

/**
 * The need, lead or trail worded in the page's language from the live state's figures (socket
 * events word their titles in English). An event logged before the figures were sent keeps its title.
 */
export function liveNeed(live: LiveStateObject, teams: PanelProps['teams'], lang: 'en' | 'hi'): string | null {
  const figures = live.situation;
  if (!figures) return live.required_score?.title ?? live.score.msg_lead_by ?? live.score.msg_trail_by;
  const { kind, team } = figures;
  const runs = figures.runs ?? 0;
  const situation: Situation = kind === 'need' ? { kind, team, runs, balls: figures.balls } : kind === 'level' ? { kind, team } : { kind, team, runs };
  return situationText(situation, { a: teams.a.name, b: teams.b.name }, lang);
}

/** A clock time in the fan's own time zone, 24 hours in both languages: '14:05'. */
export function clockText(ms: number, lang: 'en' | 'hi'): string {
  return new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

export function LivePanel({ live, teams, sideScores, target, dayNumber, toss, situation, lang, labels, reconnectingSince = null }: PanelProps) {
  const reason = live?.match_break?.reason ?? null;
  // Spec: a 'day' break shows Stumps, lunch Lunch Break, the others by their names; the match
  // page says "Innings break" in full (issue 26; the cards keep the spec's short "Innings").
  const breakText = reason === null ? null : reason === 'innings' ? labels.inningsBreak : (labels.breaks[reason] ?? labels.inningsBreak);
  const batting = live ? teams[live.batting_team] : null;
  // The other side's score stays in view while this one bats (a chase's first innings).
  const other = live ? teams[live.bowling_team] : null;
  const otherScore = live ? sideScores[live.bowling_team] : null;
  const lastRepr = live?.recent_overs_repr.at(-1)?.ball_repr.at(-1) ?? null;
  const need = live ? liveNeed(live, teams, lang) : situation;
  return (
    <section className="panel live-panel" aria-label={labels.live}>
      <p className={reconnectingSince === null ? 'lp-status' : 'lp-status lp-status--stale'} role="status" data-testid="live-status">
        <span className="lp-dot" aria-hidden="true" />
        {reconnectingSince === null ? labels.live : labels.reconnecting.replace('{{time}}', reconnectingSince)}
        {dayNumber !== null && (
          <span className="muted">{`· ${labels.day} ${dayNumber}`}</span>
        )}
        {breakText && <span className="lp-break">{`· ${breakText}`}</span>}
      </p>
      {live && batting ? (
        <div className="lp-now" data-testid="live-score">
          <span className="badge" style={{ '--badge-hue': badgeHue(batting.key) } as CSSProperties} aria-hidden="true">
            {batting.code.slice(0, 4)}
          </span>
          <span className="lp-code">{batting.code}</span>
          <span className="lp-score">{scoreText(live.score.runs, live.score.wickets)}</span>
          <span className="lp-overs">{`(${oversText(live.score.overs)})`}</span>
          {lastRepr && (
            <span className="lp-last" title={labels.lastBall}>
              <span className="visually-hidden">{`${labels.lastBall}: `}</span>
              <BallDot label={lastRepr} kind={reprKind(lastRepr)} size="sm" />
            </span>
          )}
        </div>
      ) : (
        <ul className="lp-sides">
          {(['a', 'b'] as const).map((side) => (
            <li key={side}>
              <span className="lp-code">{teams[side].code}</span>
              <span>{teams[side].name}</span>
              <span className="lp-side-score">{sideScores[side] ?? ''}</span>
            </li>
          ))}
        </ul>
      )}
      {other && otherScore && (
        <p className="lp-other" data-testid="other-innings">
          <span className="lp-code">{other.code}</span>
          <span className="lp-side-score">{otherScore}</span>
        </p>
      )}
      {live && (
        <dl className="lp-rates">
          <div>
            <dt>{labels.crr}</dt>
            <dd>{rate(live.score.run_rate)}</dd>
          </div>
          {target !== null && (
            <div>
              <dt>{labels.target}</dt>
              <dd>{target}</dd>
            </div>
          )}
          {live.required_score && live.required_score.run_rate !== null && (
            <div>
              <dt>{labels.rrr}</dt>
              <dd>{rate(live.required_score.run_rate)}</dd>
            </div>
          )}
        </dl>
      )}
      {need && <p className="lp-need">{need}</p>}
      {toss && <p className="lp-toss muted">{toss}</p>}
      {!live && <p className="muted lp-small">{labels.liveNoFeed}</p>}
      {live && live.recent_overs_repr.length > 0 && (
        <div className="lp-recent">
          <h2 className="visually-hidden">{labels.recentOvers}</h2>
          <ol data-testid="recent-overs">
            {live.recent_overs_repr.map((over) => (
              <li key={over.overnumber}>
                <span className="lp-ov muted">{labels.overN.replace('{{n}}', String(over.overnumber))}</span>
                {over.ball_repr.map((symbol, i) => (
                  <BallDot key={i} label={symbol} kind={reprKind(symbol)} size="sm" />
                ))}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

export function PlayersTables({ live, labels, playerHref }: { live: LiveStateObject | null; labels: LiveLabels; playerHref: string }) {
  const recent = live?.recent_players;
  const batters = recent ? [recent.striker, recent.non_striker].filter((p) => p !== null) : [];
  // The previous over's bowler once: a scorer may give one bowler two overs running (a correction
  // to come, or a mistake), and a table listing him twice reads as two bowlers.
  const bowlers = recent
    ? [recent.bowler, recent.prev_over_bowler].filter((p) => p !== null).filter((p, index, all) => all.findIndex((q) => q.key === p.key) === index)
    : [];
  // An innings just started has a live state but nobody at the crease on record yet.
  if (batters.length + bowlers.length === 0) return <p className="panel muted">{live ? labels.firstBallToCome : labels.liveNoFeed}</p>;
  return (
    <div className="lt-tables">
      {batters.length > 0 && (
        <div className="scroll-table">
          <table data-testid="batters">
            <thead>
              <tr>
                <th scope="col">{labels.batter}</th>
                <th scope="col">{labels.runs}</th>
                <th scope="col">{labels.balls}</th>
                <th scope="col">{labels.fours}</th>
                <th scope="col">{labels.sixes}</th>
                <th scope="col">{labels.strikeRate}</th>
              </tr>
            </thead>
            <tbody>
              {batters.map((b) => (
                <tr key={b.key}>
                  <th scope="row">
                    <PlayerName player={b} playerHref={playerHref} />
                    {b.key === live?.striker_key && (
                      <span className="lt-star" title={labels.onStrike}>
                        *<span className="visually-hidden">{` ${labels.onStrike}`}</span>
                      </span>
                    )}
                  </th>
                  <td className="strong">{b.stats.runs}</td>
                  <td>{b.stats.balls}</td>
                  <td>{b.stats.fours}</td>
                  <td>{b.stats.sixes}</td>
                  <td>{rate(b.stats.strike_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {bowlers.length > 0 && (
        <div className="scroll-table">
          <table data-testid="bowlers">
            <thead>
              <tr>
                <th scope="col">{labels.bowler}</th>
                <th scope="col">{labels.overs}</th>
                <th scope="col">{labels.maidens}</th>
                <th scope="col">{labels.runs}</th>
                <th scope="col">{labels.wickets}</th>
                <th scope="col">{labels.economyShort}</th>
              </tr>
            </thead>
            <tbody>
              {bowlers.map((b, i) => (
                <tr key={`${i}-${b.key}`}>
                  <th scope="row">
                    <PlayerName player={b} playerHref={playerHref} />
                    {i === 0 && recent?.bowler && (
                      <span className="lt-star" title={labels.currentBowler}>
                        *<span className="visually-hidden">{` ${labels.currentBowler}`}</span>
                      </span>
                    )}
                  </th>
                  <td>{oversText(b.stats.overs)}</td>
                  <td>{b.stats.maidens ?? ''}</td>
                  <td>{b.stats.runs}</td>
                  <td className="strong">{b.stats.wickets}</td>
                  <td>{rate(b.stats.economy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function OverSummaryBox({ summary, labels, playerHref }: { summary: NonNullable<LiveBall['over_summary']>; labels: LiveLabels; playerHref: string }) {
  return (
    <div className="over-summary">
      <div className="os-head">
        <strong>{labels.endOfOver.replace('{{n}}', String(summary.over))}</strong>
        <span className="muted">
          {(summary.runs === 1 ? labels.overRun : labels.overRuns).replace('{{runs}}', String(summary.runs))}
          {summary.wickets > 0 && ` · ${labels.overWickets.replace('{{wickets}}', String(summary.wickets))}`}
        </span>
        <span className="os-total">{scoreText(summary.score.runs, summary.score.wickets)}</span>
      </div>
      {summary.balls.length > 0 && (
        <div className="os-balls">
          {summary.balls.map((symbol, i) => (
            <BallDot key={i} label={symbol} kind={reprKind(symbol)} size="sm" />
          ))}
        </div>
      )}
      <div className="os-people">
        <span>
          <PlayerName player={summary.bowler} playerHref={playerHref} />
          {` ${summary.bowler.figures}`}
        </span>
        {summary.batters.map((b) => (
          <span key={b.key}>
            <PlayerName player={b} playerHref={playerHref} />
            {` ${b.runs} (${b.balls})`}
          </span>
        ))}
      </div>
    </div>
  );
}

export function CommentaryBall({ ball, labels, playerHref }: { ball: LiveBall; labels: LiveLabels; playerHref: string }) {
  const badge = ballBadge({ runs: ball.runs ?? ball.team_score.runs, wicket: ball.wicket, isFour: ball.batsman.is_four, isSix: ball.batsman.is_six });
  const { title, body } = splitComment(ball.comment);
  const kind = ball.wicket?.wicket_type ?? ball.wicket?.kind;
  return (
    <article className="cm-ball" data-ball-key={ball.key}>
      <div className="cm-mark">
        <BallDot label={badge.label} kind={badge.kind} />
        <span className="cm-over">{`${ball.overs[0]}.${ball.overs[1]}`}</span>
      </div>
      <div className="cm-text">
        {title && <p className="cm-title">{title}</p>}
        {/* safeHtml (splitComment) keeps only b, strong, em and br. */}
        {body && <p className="cm-body" dangerouslySetInnerHTML={{ __html: body }} />}
        {ball.wicket && (
          <p className="cm-out">
            <span className="cm-tag">{labels.out}</span>
            <PlayerName player={{ key: ball.wicket.player_key, name: ball.wicket.player_name ?? ball.wicket.player_key }} playerHref={playerHref} />
            {kind && <span className="cm-kind">{labels.dismissalKinds[kind] ?? kind}</span>}
          </p>
        )}
      </div>
    </article>
  );
}

export function CommentaryList({ balls, labels, playerHref }: { balls: readonly LiveBall[]; labels: LiveLabels; playerHref: string }) {
  if (balls.length === 0) return <p className="panel muted">{labels.noCommentary}</p>;
  return (
    <ol className="panel lc-balls" data-testid="commentary">
      {balls.map((ball) => (
        <li key={ball.key}>
          {ball.over_summary && <OverSummaryBox summary={ball.over_summary} labels={labels} playerHref={playerHref} />}
          <CommentaryBall ball={ball} labels={labels} playerHref={playerHref} />
        </li>
      ))}
    </ol>
  );
}
