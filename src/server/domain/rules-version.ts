// The version of the rules that turn deliveries into derived figures (scorecards, overs as
// called, maidens, partnerships, falls of wicket, fantasy points). Stored rows record the version that produced
// them; a match with an older version is rebuilt from its deliveries (`npm run rederive`, and in
// the background at start-up). Bump it with any change to what those rules compute:
// tests/unit/domain/rules-version.test.ts fails when the rule files change and it does not.
// Versions: 1 scorecards; 2 fantasy points (fantasy.ts, fantasy-rules.ts: decision 038); 3 the ODI
// strike-rate edge at 120 corrected to the published table (+2, not +4); 4 the fall of a wicket at the
// overs bowled when it fell (a wicket off a wide or no-ball: 10.1, not the delivery's place 10.2).
export const RULES_VERSION = 4;
