// The corrections contract (docs/decisions/034-corrections.md): the record beyond Cricsheet, one
// case each. The shipped file (corrections/*.json), the admin form and the database rows all hold
// cases of this one shape; `source` says where the fact comes from (a report, Cricsheet's notes).
import { z } from 'zod';

const isoDate = z.iso.date();
const text = (max: number) => z.string().trim().min(1).max(max);

/** The case's key: short, URL-safe, unique ('ipl-2025-rcb-kkr-17-may'). */
export const caseKeySchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'lower-case letters, digits and dashes, at most 80');
/** A Cricsheet match key: its number. */
const matchKey = z.string().regex(/^\d{1,9}$/, 'a Cricsheet match number');

const base = {
  key: caseKeySchema,
  /** Where the fact comes from: a published report, Cricsheet's notes; shown to admins. */
  source: text(500),
};

/** A match abandoned without a ball bowled, which Cricsheet leaves out: it counts as a no result. */
export const abandonedCaseSchema = z.object({
  ...base,
  kind: z.literal('abandoned'),
  /** The tournament it belongs to, by key ('indian-premier-league-2025'); applied once that is imported. */
  tournament: z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/, 'a tournament key'),
  /** Home side first, as the fixture listed them; names as the teams play under them. */
  teams: z.tuple([text(100), text(100)]).refine(([a, b]) => a !== b, 'two different teams'),
  date: isoDate,
  venue: z.object({ name: text(150), city: z.string().trim().max(100).default('') }),
  /** Cricsheet's event stage ('Final'); null or absent in the league. */
  stage: text(60).nullable().default(null),
  group: text(30).nullable().default(null),
  matchNumber: z.number().int().min(1).max(999).nullable().default(null),
  gender: z.enum(['male', 'female']).default('male'),
  /** Cricsheet's match type and the scheduled overs: the match's format type follows (domain/format-type.ts). */
  matchType: z.enum(['Test', 'ODI', 'T20', 'IT20', 'MDM', 'ODM']).default('T20'),
  overs: z.number().int().min(1).max(50).nullable().default(20),
  ballsPerOver: z.number().int().min(5).max(8).default(6),
});

/** A match declared void and replayed in full: shown as void and left out of tables. */
export const voidCaseSchema = z.object({
  ...base,
  kind: z.literal('void'),
  match: matchKey,
  /** The replay's key. */
  replayedBy: matchKey,
});

/** A person's name as it should read (by Cricsheet registry id). */
export const personNameCaseSchema = z.object({
  ...base,
  kind: z.literal('person_name'),
  person: z.string().regex(/^[0-9a-f]{8}$|^crease-[0-9a-f]{8}$/, 'a Cricsheet registry id'),
  name: text(100),
});

/** A team's name as it should read where its matches spell it `from` (by team key). */
export const teamNameCaseSchema = z
  .object({
    ...base,
    kind: z.literal('team_name'),
    team: z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/, 'a team key'),
    from: text(100),
    name: text(100),
  })
  .refine((entry) => entry.from !== entry.name, 'the new name differs from the old');

export const correctionCaseSchema = z.discriminatedUnion('kind', [abandonedCaseSchema, voidCaseSchema, personNameCaseSchema, teamNameCaseSchema]);
export type CorrectionCase = z.infer<typeof correctionCaseSchema>;
export type AbandonedCase = z.infer<typeof abandonedCaseSchema>;
export type CorrectionKind = CorrectionCase['kind'];

/** The shipped file: an explanation for the reader, then the cases (keys unique). */
export const correctionsFileSchema = z.object({
  about: z.string().optional(),
  cases: z
    .array(correctionCaseSchema)
    .max(10_000)
    .refine((cases) => new Set(cases.map((entry) => entry.key)).size === cases.length, 'every case needs its own key'),
});
export type CorrectionsFile = z.infer<typeof correctionsFileSchema>;
