// A new fixture on the scorer console (/scorer/new): teams, squads picked from the people already
// known (GET scorer/people) or added by name, venue, start time, format, overs and balls per over.
// On success the console of the new match opens.
import { useEffect, useState, type SubmitEvent } from 'react';
import { answerText, callApi } from '../lib/account-api.ts';
import { fill } from '../shared/account-rules.ts';
import type { ScorerStrings } from '../i18n/scorer.ts';

type Side = 'a' | 'b';
type Format = 't20' | 'oneday' | 'test';
type Pick = { key: string; name: string } | { name: string };

const DEFAULT_OVERS: Record<Format, string> = { t20: '20', oneday: '50', test: '' };
const MAX_SQUAD = 25;

/** The value of a datetime-local input as an ISO time with this device's offset. */
function withOffset(local: string): string {
  const date = new Date(local);
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const pad = (value: number) => String(Math.trunc(Math.abs(value))).padStart(2, '0');
  return `${local.length === 16 ? `${local}:00` : local}${sign}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/** Names the server knows that contain the text (2 letters or more), fetched after a short pause. */
function useSuggestions<T>(path: 'scorer/people' | 'scorer/teams', text: string): T[] {
  const [found, setFound] = useState<T[]>([]);
  useEffect(() => {
    const query = text.trim();
    if (query.length < 2) {
      setFound([]);
      return;
    }
    let cancelled = false;
    // A short pause so each letter typed is not a request.
    const timer = setTimeout(() => {
      void callApi(path, { query: { q: query } }).then((answer) => {
        if (!cancelled && answer.ok && Array.isArray(answer.body.data)) setFound(answer.body.data as T[]);
      });
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [path, text]);
  return found;
}

function SquadPicker({ side, team, labels, squad, onChange }: { side: Side; team: string; labels: ScorerStrings; squad: Pick[]; onChange: (squad: Pick[]) => void }) {
  const [query, setQuery] = useState('');
  const found = useSuggestions<{ key: string; name: string }>('scorer/people', query);
  const add = (pick: Pick) => {
    if (squad.length >= MAX_SQUAD) return;
    if ('key' in pick && squad.some((entry) => 'key' in entry && entry.key === pick.key)) return;
    onChange([...squad, pick]);
    setQuery('');
  };
  return (
    <fieldset className="scorer-squad" data-testid={`squad-${side}`}>
      <legend>{fill(labels.squad, { team: team || (side === 'a' ? labels.teamA : labels.teamB) })} ({squad.length})</legend>
      <ol>
        {squad.map((pick, index) => (
          <li key={'key' in pick ? pick.key : `new-${pick.name}-${index}`}>
            {pick.name}
            <button type="button" onClick={() => onChange(squad.filter((_entry, other) => other !== index))}>{labels.remove}</button>
          </li>
        ))}
      </ol>
      <input value={query} onChange={(event) => setQuery(event.target.value)} placeholder={labels.searchPlayer} aria-label={labels.searchPlayer} maxLength={100} />
      <ul className="scorer-found">
        {found.map((person) => (
          <li key={person.key}>
            <button type="button" onClick={() => add(person)}>{person.name}</button>
          </li>
        ))}
        {query.trim().length >= 2 && (
          <li>
            <button type="button" onClick={() => add({ name: query.trim() })}>{fill(labels.addByName, { name: query.trim() })}</button>
          </li>
        )}
      </ul>
    </fieldset>
  );
}

/** Known team names as the browser's suggestions for a team field (the same name joins the same team). */
function TeamNames({ id, text }: { id: string; text: string }) {
  const teams = useSuggestions<{ name: string }>('scorer/teams', text);
  return (
    <datalist id={id}>
      {teams.map((team) => (
        <option key={team.name} value={team.name} />
      ))}
    </datalist>
  );
}

export default function ScorerFixtureForm({ labels, consoleHref }: { labels: ScorerStrings; /** '/scorer' in the page's language. */ consoleHref: string }) {
  const [tournament, setTournament] = useState('');
  const [teamA, setTeamA] = useState('');
  const [teamB, setTeamB] = useState('');
  const [venue, setVenue] = useState('');
  const [city, setCity] = useState('');
  const [startAt, setStartAt] = useState('');
  const [format, setFormat] = useState<Format>('t20');
  const [overs, setOvers] = useState(DEFAULT_OVERS.t20);
  const [ballsPerOver, setBallsPerOver] = useState('6');
  const [gender, setGender] = useState<'male' | 'female'>('male');
  const [squads, setSquads] = useState<Record<Side, Pick[]>>({ a: [], b: [] });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const strip = (squad: Pick[]) => squad.map((pick) => ('key' in pick ? { key: pick.key } : { name: pick.name }));
    const answer = await callApi('scorer/fixtures', {
      json: {
        tournament: { name: tournament },
        teams: [{ name: teamA }, { name: teamB }],
        ...(venue.trim() ? { venue: { name: venue, ...(city.trim() ? { city } : {}) } } : {}),
        start_at: startAt ? withOffset(startAt) : '',
        format,
        overs_limit: format === 'test' ? null : Number(overs),
        balls_per_over: Number(ballsPerOver),
        gender,
        squads: { a: strip(squads.a), b: strip(squads.b) },
      },
    });
    setBusy(false);
    if (!answer.ok) {
      setError(answerText(answer, labels.networkError));
      return;
    }
    const matchKey = (answer.body.data as { match_key: string }).match_key;
    window.location.assign(`${consoleHref}/${encodeURIComponent(matchKey)}`);
  };

  return (
    <form className="panel scorer-form" onSubmit={(event) => void submit(event)}>
      <label>
        <span>{labels.tournament}</span>
        <input required maxLength={100} value={tournament} onChange={(event) => setTournament(event.target.value)} name="tournament" />
      </label>
      <label>
        <span>{labels.teamA}</span>
        <input required maxLength={100} value={teamA} onChange={(event) => setTeamA(event.target.value)} name="team_a" list="scorer-teams-a" />
      </label>
      <TeamNames id="scorer-teams-a" text={teamA} />
      <label>
        <span>{labels.teamB}</span>
        <input required maxLength={100} value={teamB} onChange={(event) => setTeamB(event.target.value)} name="team_b" list="scorer-teams-b" />
      </label>
      <TeamNames id="scorer-teams-b" text={teamB} />
      <label>
        <span>{labels.venue}</span>
        <input maxLength={100} value={venue} onChange={(event) => setVenue(event.target.value)} name="venue" />
      </label>
      <label>
        <span>{labels.city}</span>
        <input maxLength={100} value={city} onChange={(event) => setCity(event.target.value)} name="city" />
      </label>
      <label>
        <span>{labels.startAt}</span>
        <input required type="datetime-local" value={startAt} onChange={(event) => setStartAt(event.target.value)} name="start_at" />
      </label>
      <label>
        <span>{labels.format}</span>
        <select
          value={format}
          name="format"
          onChange={(event) => {
            const next = event.target.value as Format;
            setFormat(next);
            setOvers(DEFAULT_OVERS[next]);
          }}
        >
          {(['t20', 'oneday', 'test'] as const).map((value) => (
            <option key={value} value={value}>{labels.formats[value]}</option>
          ))}
        </select>
      </label>
      {format !== 'test' && (
        <label>
          <span>{labels.overs}</span>
          <input required type="number" min={1} max={100} value={overs} onChange={(event) => setOvers(event.target.value)} name="overs" />
        </label>
      )}
      <label>
        <span>{labels.ballsPerOver}</span>
        <input required type="number" min={4} max={10} value={ballsPerOver} onChange={(event) => setBallsPerOver(event.target.value)} name="balls_per_over" />
      </label>
      <label>
        <span>{labels.gender}</span>
        <select value={gender} onChange={(event) => setGender(event.target.value as 'male' | 'female')} name="gender">
          <option value="male">{labels.genders.male}</option>
          <option value="female">{labels.genders.female}</option>
        </select>
      </label>
      <SquadPicker side="a" team={teamA} labels={labels} squad={squads.a} onChange={(squad) => setSquads({ ...squads, a: squad })} />
      <SquadPicker side="b" team={teamB} labels={labels} squad={squads.b} onChange={(squad) => setSquads({ ...squads, b: squad })} />
      {error && <p role="alert">{error}</p>}
      <button type="submit" disabled={busy}>{labels.create}</button>
    </form>
  );
}
