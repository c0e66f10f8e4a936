// The failures the lower floors (auth, live, store, jobs, http guards) throw, in the product's
// words but free of HTTP: each says what went wrong, not how a protocol answers it. The API's
// edge (api/errors.ts) maps each kind to its status and the spec's error shape; a socket or a job
// reads the same error by its class.

/** Fields a failure may add for its caller: when to retry, tries left, the sequence wanted, the rule broken. */
export interface FailureDetails {
  /** Seconds until a limit lets the caller try again. */
  retry_after?: number;
  attempts_left?: number;
  /** The sequence number a live source must send next (a reused or skipped one is refused). */
  expected_sequence?: number;
  /** The innings a live ball could go to now (ingest), null when none is in progress. */
  innings_in_progress?: number | null;
  /** The rule of cricket a live ball breaks (domain/ball-sense.ts). */
  rule?: string;
}

export abstract class Failure extends Error {
  constructor(
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is malformed or breaks a rule (a bad key, a ball that makes no cricket sense). */
export class Invalid extends Failure {}
/** Nobody is signed in where someone must be. */
export class Unauthenticated extends Failure {}
/** Signed in, but without the role or right this needs. */
export class Forbidden extends Failure {}
/** The thing named does not exist. */
export class NotFound extends Failure {}
/** The request is well formed but the state refuses it now (an innings over, a key reused). */
export class Conflict extends Failure {}
/** A limit was reached; `details.retry_after` says when to try again. */
export class TooMany extends Failure {}
/** A service we depend on (an SMS gateway) failed; not the caller's fault. */
export class UpstreamFailed extends Failure {}
