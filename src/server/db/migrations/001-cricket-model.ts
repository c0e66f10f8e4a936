// The whole cricket model as Cricsheet describes it, plus per-match rows derived at import.
// Overs are stored as legal balls everywhere; ball positions as (over index, ball sequence).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table people (
      id serial primary key,
      registry_id text not null unique,
      name text not null
    );

    create table teams (
      id serial primary key,
      team_key text not null unique,
      name text not null,
      code text not null,
      gender text not null check (gender in ('male', 'female')),
      team_type text not null check (team_type in ('international', 'club')),
      -- A team's identity: its current name, gender and team type.
      unique (name, gender, team_type)
    );

    -- Every name a team has played under (a renamed franchise keeps one team row).
    create table team_names (
      name text not null,
      gender text not null,
      team_type text not null,
      team_id integer not null references teams(id) on delete cascade,
      primary key (name, gender, team_type)
    );

    create table venues (
      id serial primary key,
      name text not null,
      city text not null default '',
      unique (name, city)
    );

    create table tournaments (
      id serial primary key,
      tou_key text not null unique,
      event_name text not null,
      season text not null,
      name text not null,
      short_name text not null,
      gender text not null,
      team_type text not null,
      -- Abbreviation of a league-like event ('IPL'), the stem of short_name; null otherwise.
      event_abbreviation text,
      start_date date,
      end_date date
    );

    create table matches (
      id integer primary key,
      match_key text not null unique,
      tournament_id integer not null references tournaments(id),
      source_sha1 text not null,
      data_version text not null,
      revision integer not null,
      created date not null,
      match_type text not null,
      match_type_number integer,
      format text not null check (format in ('t20', 'oneday', 'test')),
      gender text not null,
      team_type text not null,
      balls_per_over smallint not null,
      overs_limit smallint,
      start_date date not null,
      dates date[] not null,
      team_a_id integer not null references teams(id),
      team_b_id integer not null references teams(id),
      team_a_name text not null,
      team_b_name text not null,
      venue_id integer references venues(id),
      event_match_number integer,
      event_group text,
      event_stage text,
      status text not null default 'completed' check (status in ('not_started', 'started', 'completed')),
      toss_winner char(1) check (toss_winner in ('a', 'b')),
      toss_decision text,
      winner char(1) check (winner in ('a', 'b')),
      result text check (result in ('tie', 'no result', 'draw')),
      win_by_runs smallint,
      win_by_wickets smallint,
      win_by_innings boolean not null default false,
      method text,
      eliminator char(1) check (eliminator in ('a', 'b')),
      bowl_out char(1) check (bowl_out in ('a', 'b')),
      missing jsonb
    );
    create index matches_start_date on matches (start_date desc);
    create index matches_tournament on matches (tournament_id);
    create index matches_team_a on matches (team_a_id);
    create index matches_team_b on matches (team_b_id);

    create table match_officials (
      match_id integer not null references matches(id) on delete cascade,
      role text not null,
      position smallint not null,
      person_id integer not null references people(id),
      primary key (match_id, role, position)
    );

    create table match_players (
      match_id integer not null references matches(id) on delete cascade,
      team char(1) not null check (team in ('a', 'b')),
      position smallint not null,
      person_id integer not null references people(id),
      primary key (match_id, team, position)
    );
    create index match_players_person on match_players (person_id);

    create table player_of_match (
      match_id integer not null references matches(id) on delete cascade,
      position smallint not null,
      person_id integer not null references people(id),
      primary key (match_id, position)
    );

    create table innings (
      match_id integer not null references matches(id) on delete cascade,
      innings_no smallint not null,
      batting_team char(1) not null check (batting_team in ('a', 'b')),
      super_over boolean not null default false,
      declared boolean not null default false,
      forfeited boolean not null default false,
      target_runs integer,
      target_balls integer,
      penalty_runs_pre smallint not null default 0,
      penalty_runs_post smallint not null default 0,
      absent_hurt text[],
      miscounted_overs jsonb,
      runs integer not null,
      wickets smallint not null,
      legal_balls integer not null,
      byes smallint not null,
      legbyes smallint not null,
      wides smallint not null,
      noballs smallint not null,
      penalty smallint not null,
      primary key (match_id, innings_no)
    );

    create table powerplays (
      match_id integer not null,
      innings_no smallint not null,
      position smallint not null,
      from_over numeric(5, 1) not null,
      to_over numeric(5, 1) not null,
      kind text not null,
      primary key (match_id, innings_no, position),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );

    create table deliveries (
      match_id integer not null,
      innings_no smallint not null,
      seq integer not null,
      over_no smallint not null,
      ball_in_over smallint not null,
      legal_ball_no integer not null,
      batter_id integer not null,
      non_striker_id integer not null,
      bowler_id integer not null,
      runs_batter smallint not null,
      runs_extras smallint not null,
      runs_total smallint not null,
      non_boundary boolean not null default false,
      wides smallint not null default 0,
      noballs smallint not null default 0,
      byes smallint not null default 0,
      legbyes smallint not null default 0,
      penalty smallint not null default 0,
      review jsonb,
      primary key (match_id, innings_no, seq),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );

    create table wickets (
      match_id integer not null,
      innings_no smallint not null,
      seq integer not null,
      position smallint not null,
      kind text not null,
      player_out_id integer not null,
      fielders jsonb,
      primary key (match_id, innings_no, seq, position),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );

    create table replacements (
      match_id integer not null,
      innings_no smallint not null,
      seq integer not null,
      position smallint not null,
      kind text not null check (kind in ('match', 'role')),
      team text,
      player_in text not null,
      player_out text,
      reason text,
      role text,
      primary key (match_id, innings_no, seq, position),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );

    create table batting_innings (
      match_id integer not null,
      innings_no smallint not null,
      position smallint not null,
      person_id integer not null,
      runs smallint not null,
      balls smallint not null,
      fours smallint not null,
      sixes smallint not null,
      dismissal_kind text,
      bowler_id integer,
      fielder_ids integer[],
      fielder_names text[],
      wicket_no smallint,
      team_runs_at_dismissal integer,
      legal_balls_at_dismissal integer,
      primary key (match_id, innings_no, position),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );
    create index batting_innings_person on batting_innings (person_id);

    create table bowling_innings (
      match_id integer not null,
      innings_no smallint not null,
      position smallint not null,
      person_id integer not null,
      legal_balls smallint not null,
      maidens smallint not null,
      runs smallint not null,
      wickets smallint not null,
      wides smallint not null,
      noballs smallint not null,
      dots smallint not null,
      fours smallint not null,
      sixes smallint not null,
      primary key (match_id, innings_no, position),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );
    create index bowling_innings_person on bowling_innings (person_id);

    create table fall_of_wickets (
      match_id integer not null,
      innings_no smallint not null,
      wicket_no smallint not null,
      person_id integer not null,
      team_runs integer not null,
      legal_balls integer not null,
      kind text not null,
      primary key (match_id, innings_no, wicket_no),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );

    create table partnerships (
      match_id integer not null,
      innings_no smallint not null,
      position smallint not null,
      for_wicket smallint not null,
      batter_a_id integer not null,
      batter_a_runs smallint not null,
      batter_a_balls smallint not null,
      batter_b_id integer not null,
      batter_b_runs smallint not null,
      batter_b_balls smallint not null,
      runs integer not null,
      balls integer not null,
      unbroken boolean not null,
      primary key (match_id, innings_no, position),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );
  `.execute(db);
}
