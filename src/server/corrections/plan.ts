// What applying the corrections changes, worked out from the cases and what the database holds:
// pure, so that it is tested case by case (tests/unit/corrections-plan.test.ts). Applying the
// same cases twice plans nothing the second time; a case taken away is undone (its abandoned
// match deleted, its void lifted); a name fix stays (the name Cricsheet gave is not kept).
import { createHash } from 'node:crypto';
import type { AbandonedCase, CorrectionCase } from './cases.ts';

/** A case as stored: abandoned cases carry the id of the match they write. */
export interface StoredCase {
  case: CorrectionCase;
  matchId: number | null;
}

export interface CorrectionState {
  /** Matches written by abandoned cases, with the fingerprint of the case that wrote them. */
  correctionMatches: readonly { id: number; sha1: string }[];
  /** Matches now shown as void, by key. */
  voided: readonly { matchKey: string; replayedBy: string }[];
}

export interface CorrectionPlan {
  writeAbandoned: { matchId: number; case: AbandonedCase; sha1: string }[];
  deleteMatches: number[];
  setVoid: { matchKey: string; replayedBy: string }[];
  clearVoid: string[];
  personNames: { registryId: string; name: string }[];
  teamNames: { teamKey: string; from: string; name: string }[];
}

/** JSON with keys in order: the same case always gives the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fingerprint of a case (or of a set of cases): sha1 of its stable JSON. */
export function fingerprint(value: unknown): string {
  return createHash('sha1').update(stableJson(value)).digest('hex');
}

export function planCorrections(cases: readonly StoredCase[], state: CorrectionState): CorrectionPlan {
  const plan: CorrectionPlan = { writeAbandoned: [], deleteMatches: [], setVoid: [], clearVoid: [], personNames: [], teamNames: [] };
  const storedSha = new Map(state.correctionMatches.map((match) => [match.id, match.sha1]));
  const wantedMatches = new Set<number>();
  const wantedVoids = new Map<string, string>();
  for (const { case: entry, matchId } of cases) {
    switch (entry.kind) {
      case 'abandoned': {
        if (matchId === null) throw new Error(`abandoned case ${entry.key} has no match id`);
        wantedMatches.add(matchId);
        const sha1 = fingerprint(entry);
        if (storedSha.get(matchId) !== sha1) plan.writeAbandoned.push({ matchId, case: entry, sha1 });
        break;
      }
      case 'void':
        wantedVoids.set(entry.match, entry.replayedBy);
        break;
      case 'person_name':
        plan.personNames.push({ registryId: entry.person, name: entry.name });
        break;
      case 'team_name':
        plan.teamNames.push({ teamKey: entry.team, from: entry.from, name: entry.name });
        break;
    }
  }
  plan.deleteMatches = state.correctionMatches.map((match) => match.id).filter((id) => !wantedMatches.has(id));
  const voidedNow = new Map(state.voided.map((entry) => [entry.matchKey, entry.replayedBy]));
  for (const [matchKey, replayedBy] of wantedVoids) {
    if (voidedNow.get(matchKey) !== replayedBy) plan.setVoid.push({ matchKey, replayedBy });
  }
  plan.clearVoid = [...voidedNow.keys()].filter((matchKey) => !wantedVoids.has(matchKey));
  return plan;
}
