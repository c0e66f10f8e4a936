// The write path (docs/decisions/017-one-write-path.md):
// - a delivery is a position in per-innings arrays (innings_balls) instead of a row: 6.2 million
//   rows took most of an import to write and index, the arrays a tenth of the space and time; the
//   derivable runs_extras and runs_total are gone;
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
      over_no smallint[] not null,
      batter_id integer[] not null,
      non_striker_id integer[] not null,
      bowler_id integer[] not null,
      runs_batter smallint[] not null,
      non_boundary boolean[] not null,
      wides smallint[] not null,
      noballs smallint[] not null,
      byes smallint[] not null,
      legbyes smallint[] not null,
      penalty smallint[] not null,
      -- Cricsheet reviews as [{ seq, review }]: few deliveries have one.
      reviews jsonb,
      primary key (match_id, innings_no),
      foreign key (match_id, innings_no) references innings(match_id, innings_no) on delete cascade
    );
    insert into innings_balls
    select match_id, innings_no,
      array_agg(over_no order by seq), array_agg(batter_id order by seq),
      array_agg(non_striker_id order by seq), array_agg(bowler_id order by seq),
      array_agg(runs_batter order by seq), array_agg(non_boundary order by seq),
      array_agg(wides order by seq), array_agg(noballs order by seq), array_agg(byes order by seq),
      array_agg(legbyes order by seq), array_agg(penalty order by seq),
      jsonb_agg(jsonb_build_object('seq', seq, 'review', review) order by seq) filter (where review is not null)
    from deliveries group by match_id, innings_no;
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
