// The write path (docs/decisions/017-one-write-path.md):
// - a delivery is twelve bytes of its innings' row (innings_balls, store/ball-codec.ts) instead of a
//   row of its own: 6.2 million rows took most of an import to write and index; the derivable
//   runs_extras and runs_total are gone;
// - derived rows record the rules version that produced them (matches.rules_version); 0 marks
//   rows written before versions existed, which the next start-up rebuilds;
// - overs as the umpires called them (innings.called_balls, bowling_innings.called_balls), the
//   ball a wicket fell on, and the saved tally of an innings in progress (innings.tally).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table innings_balls (
      match_id integer not null,
      innings_no smallint not null,
      -- The innings' people; each ball's batter, non-striker and bowler byte indexes this array (from 0).
      people integer[] not null,
      -- BALL_BYTES a delivery, in order (src/server/store/ball-codec.ts).
      balls bytea not null,
      -- Cricsheet reviews as [{ seq, review }]: few deliveries have one.
      reviews jsonb,
      primary key (match_id, innings_no),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );
    -- Already dense: compressing it would cost more time than it saves space.
    alter table innings_balls alter column balls set storage external;
    with dictionaries as (
      select match_id, innings_no,
        array(select distinct person from unnest(array_agg(batter_id) || array_agg(non_striker_id) || array_agg(bowler_id)) person
              order by person) as people
      from deliveries group by match_id, innings_no
    )
    insert into innings_balls
    select d.match_id, d.innings_no, dict.people,
      string_agg(
        int2send(d.over_no) || decode(
          lpad(to_hex((array_position(dict.people, d.batter_id) - 1)::integer), 2, '0') ||
          lpad(to_hex((array_position(dict.people, d.non_striker_id) - 1)::integer), 2, '0') ||
          lpad(to_hex((array_position(dict.people, d.bowler_id) - 1)::integer), 2, '0') ||
          lpad(to_hex((d.runs_batter)::integer), 2, '0') || lpad(to_hex((d.wides)::integer), 2, '0') || lpad(to_hex((d.noballs)::integer), 2, '0') ||
          lpad(to_hex((d.byes)::integer), 2, '0') || lpad(to_hex((d.legbyes)::integer), 2, '0') || lpad(to_hex((d.penalty)::integer), 2, '0') ||
          case when d.non_boundary then '01' else '00' end, 'hex'),
        ''::bytea order by d.seq),
      jsonb_agg(jsonb_build_object('seq', d.seq, 'review', d.review) order by d.seq) filter (where d.review is not null)
    from deliveries d join dictionaries dict using (match_id, innings_no)
    group by d.match_id, d.innings_no, dict.people;
    drop table deliveries;

    alter table matches add column rules_version integer not null default 0;
    create index matches_rules_version on matches (rules_version);

    alter table innings add column called_balls integer;
    update innings set called_balls = legal_balls;
    alter table innings alter column called_balls set not null;
    alter table innings add column tally jsonb;

    -- Overs the umpires miscounted, as a list of over indexes (Cricsheet keys them in an object).
    update innings set miscounted_overs = (select jsonb_agg(key::int order by key::int) from jsonb_object_keys(miscounted_overs) key)
    where jsonb_typeof(miscounted_overs) = 'object';

    alter table bowling_innings add column called_balls integer;
    update bowling_innings set called_balls = legal_balls;
    alter table bowling_innings alter column called_balls set not null;

    alter table batting_innings add column dismissal_over smallint, add column dismissal_ball smallint;
    alter table fall_of_wickets add column over_no smallint, add column ball_no smallint;

    -- People ids of a wicket's named fielders, in order, so a rebuild needs no names.
    alter table wickets add column fielder_ids integer[];
    update wickets w set fielder_ids = b.fielder_ids
    from batting_innings b
    where b.match_id = w.match_id and b.innings_no = w.innings_no and b.person_id = w.player_out_id
      and b.fielder_ids is not null;
  `.execute(db);
}
