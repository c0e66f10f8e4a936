// MyMatches: the fan's favourite teams (kept on the device, src/stores/favourite-teams.ts, and
// for a signed-in fan with the account too: read from it on mount, written to it on each change)
// and their matches, fetched from the fixtures API (?team=<key>&team=<key>&limit=30&offset=...).
// The server renders the empty state; the picked teams exist only in the browser, so the
// island shows them after it mounts.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  MAX_FAVOURITE_TEAMS,
  dayLabel,
  favouriteFixturesUrl,
  pager,
  searchTeams,
  type PickerTeam,
} from '../shared/fixtures-shared.ts';
import { sideScore } from '../lib/scores.ts';
import { callApi } from '../lib/account-api.ts';
import type { InningsKey, InningsScore, MatchObject } from '../server/wire/presenters/match.ts';
import type { FixtureDayGroup } from '../server/wire/presenters/tournaments.ts';
import { $favouriteTeams, addFavouriteTeam, removeFavouriteTeam } from '../stores/favourite-teams.ts';

export interface FavouriteTeamsLabels {
  empty: string;
  addTeams: string;
  pickerTitle: string;
  search: string;
  searchHint: string;
  /** Contains {{query}}. */
  noTeamFound: string;
  yourTeams: string;
  add: string;
  added: string;
  /** Contains {{team}}. */
  remove: string;
  done: string;
  loading: string;
  loadFailed: string;
  retry: string;
  noMatches: string;
  savedOnDevice: string;
  /** For a signed-in fan. */
  savedToAccount: string;
  accountSaveFailed: string;
  tooMany: string;
  men: string;
  women: string;
  live: string;
  prev: string;
  next: string;
  /** Contains {{page}}. */
  page: string;
  pagination: string;
  formats: Record<MatchObject['format_type'], string>;
}

interface Props {
  teams: PickerTeam[];
  lang: 'en' | 'hi';
  /** '/getMatchList/' or '/hi/getMatchList/'. */
  matchPath: string;
  /** Translated on the server, so the island ships no dictionary. */
  labels: FavouriteTeamsLabels;
  /** The page was rendered for a signed-in fan: the teams are the account's. */
  signedIn: boolean;
}

type Load =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'done'; groups: FixtureDayGroup[]; hasMore: boolean };

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? ''));

function MatchRow({ match, matchPath, labels }: { match: MatchObject; matchPath: string; labels: FavouriteTeamsLabels }) {
  // The island reads the API's match objects: a score line takes the innings' own score.
  const line = (inn: InningsScore | undefined) => inn && { ...inn.score, declared: inn.declared, forfeited: inn.forfeited };
  const { innings } = match.play;
  const score = (side: 'a' | 'b') =>
    match.status === 'not_started' ? null : sideScore(line(innings[`${side}_1` as InningsKey]), line(innings[`${side}_2` as InningsKey]));
  return (
    <li>
      <a className="fav-match" href={`${matchPath}${encodeURIComponent(match.match_key)}`} data-status={match.status}>
        <span className="fav-meta">
          <span className="fav-tour">{match.tou_short_name}</span>
          <span>
            {match.sub_title} · {labels.formats[match.format_type]}
          </span>
          {match.status === 'started' && <span className="fav-live">{labels.live}</span>}
        </span>
        {(['a', 'b'] as const).map((side) => (
          <span key={side} className={`fav-team${match.play.result?.winner === side ? ' fav-winner' : ''}`}>
            <span className="fav-name">{match.team[side].name}</span>
            {score(side) && <span className="fav-score">{score(side)}</span>}
          </span>
        ))}
        {match.status === 'completed' && match.play.result?.msg && <span className="fav-result">{match.play.result.msg}</span>}
      </a>
    </li>
  );
}

/** Writes the fan's teams to the account; whether it took them. */
async function saveToAccount(teams: string[]): Promise<boolean> {
  return (await callApi('user/settings', { method: 'PUT', json: { favourite_teams: teams } })).ok;
}

export default function FavouriteTeams({ teams, lang, matchPath, labels, signedIn }: Props) {
  const favourites = useStore($favouriteTeams);
  // The server cannot see localStorage: render its empty state until mounted, then the real list.
  const [mounted, setMounted] = useState(false);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const [limitHit, setLimitHit] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const searchId = useId();
  const titleId = useId();

  const [accountSaved, setAccountSaved] = useState(true);

  useEffect(() => {
    setMounted(true);
    if (!signedIn) return;
    // The account's list may have changed on another device since this one signed in.
    void callApi('user/settings').then((answer) => {
      const data = answer.body.data as { favourite_teams?: unknown } | undefined;
      if (answer.ok && Array.isArray(data?.favourite_teams)) $favouriteTeams.set(data.favourite_teams.filter((key): key is string => typeof key === 'string'));
    });
  }, [signedIn]);

  const keep = () => {
    if (signedIn) void saveToAccount($favouriteTeams.get()).then(setAccountSaved);
  };

  const byKey = useMemo(() => new Map(teams.map((team) => [team.url, team])), [teams]);
  const picked = mounted ? favourites : [];
  const teamsKey = picked.join(',');

  useEffect(() => {
    if (!teamsKey) {
      setLoad({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetch(favouriteFixturesUrl(teamsKey.split(','), page, lang), { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { data?: FixtureDayGroup[]; hasMore?: boolean };
        setLoad({ state: 'done', groups: Array.isArray(body.data) ? body.data : [], hasMore: body.hasMore === true });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('MyMatches: fixtures request failed', error);
          setLoad({ state: 'failed' });
        }
      });
    return () => controller.abort();
  }, [teamsKey, page, lang, attempt]);

  const results = useMemo(() => searchTeams(teams, query), [teams, query]);
  const genderLabel = (team: PickerTeam | undefined) => (team?.gender === 'female' ? labels.women : labels.men);

  const openPicker = () => {
    setQuery('');
    setLimitHit(false);
    dialog.current?.showModal();
  };
  const add = (key: string) => {
    setLimitHit(!addFavouriteTeam(key));
    setPage(1);
    keep();
  };
  const remove = (key: string) => {
    removeFavouriteTeam(key);
    setPage(1);
    keep();
  };

  const pages = load.state === 'done' ? pager(page, load.hasMore) : null;

  return (
    <div className="fav">
      {picked.length === 0 ? (
        <div className="fav-empty">
          <p>{labels.empty}</p>
          <button type="button" className="fav-add" onClick={openPicker} disabled={!mounted}>
            {labels.addTeams}
          </button>
        </div>
      ) : (
        <div className="fav-head">
          <h2 className="fav-title">{labels.yourTeams}</h2>
          <ul className="fav-chips">
            {picked.map((key) => {
              const team = byKey.get(key);
              const name = team?.name ?? key;
              return (
                <li key={key} className="fav-chip">
                  <span>
                    {name} <small>{genderLabel(team)}</small>
                  </span>
                  <button type="button" aria-label={fill(labels.remove, { team: name })} onClick={() => remove(key)}>
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="fav-add" onClick={openPicker}>
            {labels.addTeams}
          </button>
          <p className="fav-note" role={accountSaved ? undefined : 'alert'}>
            {!signedIn ? labels.savedOnDevice : accountSaved ? labels.savedToAccount : labels.accountSaveFailed}
          </p>
        </div>
      )}

      {load.state === 'loading' && (
        <p className="fav-status" role="status">
          {labels.loading}
        </p>
      )}
      {load.state === 'failed' && (
        <p className="fav-status" role="alert">
          {labels.loadFailed}{' '}
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {labels.retry}
          </button>
        </p>
      )}
      {load.state === 'done' && load.groups.length === 0 && <p className="fav-status">{labels.noMatches}</p>}
      {load.state === 'done' &&
        load.groups.map((group) => (
          <section key={group.date} className="fav-day" aria-label={dayLabel(group.date, lang)}>
            <h3 className="fav-date">
              <time dateTime={group.date}>{dayLabel(group.date, lang)}</time>
            </h3>
            <ul className="fav-matches">
              {group.matches.map((match) => (
                <MatchRow key={match.match_key} match={match} matchPath={matchPath} labels={labels} />
              ))}
            </ul>
          </section>
        ))}
      {pages && (pages.prev !== null || pages.next !== null) && (
        <nav className="fav-pager" aria-label={labels.pagination}>
          <button type="button" disabled={pages.prev === null} onClick={() => pages.prev && setPage(pages.prev)}>
            ‹ {labels.prev}
          </button>
          <span>{fill(labels.page, { page })}</span>
          <button type="button" disabled={pages.next === null} onClick={() => pages.next && setPage(pages.next)}>
            {labels.next} ›
          </button>
        </nav>
      )}

      <dialog ref={dialog} className="fav-dialog dialog-panel" aria-labelledby={titleId}>
        <div className="fav-dialog-head">
          <h2 id={titleId}>{labels.pickerTitle}</h2>
          <button type="button" className="fav-close" onClick={() => dialog.current?.close()}>
            {labels.done}
          </button>
        </div>
        <label htmlFor={searchId}>{labels.search}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={labels.searchHint}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        {limitHit && (
          <p className="fav-status" role="alert">
            {fill(labels.tooMany, { count: MAX_FAVOURITE_TEAMS })}
          </p>
        )}
        {query.trim() && results.length === 0 && <p className="fav-status">{fill(labels.noTeamFound, { query: query.trim() })}</p>}
        <ul className="fav-results">
          {results.map((team) => {
            const chosen = picked.includes(team.url);
            return (
              <li key={team.url}>
                <span>
                  {team.name} <small>{genderLabel(team)}</small>
                </span>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => (chosen ? remove(team.url) : add(team.url))}
                  aria-label={chosen ? fill(labels.remove, { team: team.name }) : `${labels.add} ${team.name}`}
                >
                  {chosen ? `✓ ${labels.added}` : `+ ${labels.add}`}
                </button>
              </li>
            );
          })}
        </ul>
      </dialog>
    </div>
  );
}
