// The lower floors throw failures without HTTP (src/server/errors.ts); the API's edge alone turns
// each into its status, its message and the details the spec's error shape carries.
import { describe, expect, it } from 'vitest';
import { errorBody, toClientError } from '../../../src/server/api/errors.ts';
import { Conflict, Forbidden, Invalid, NotFound, TooMany, Unauthenticated, UpstreamFailed } from '../../../src/server/errors.ts';

describe('failures at the API edge', () => {
  it('maps each kind to its status, keeping the message', () => {
    const cases = [
      [new Invalid('Unknown player key: x'), 400],
      [new Unauthenticated('Please log in first.'), 401],
      [new Forbidden('You do not have permission to do this.'), 403],
      [new NotFound('Match not found'), 404],
      [new Conflict('No innings is in progress.'), 409],
      [new TooMany('Too many attempts.'), 429],
      [new UpstreamFailed('The SMS could not be sent.'), 502],
    ] as const;
    for (const [failure, status] of cases) {
      expect(toClientError(failure), failure.name).toEqual({ statusCode: status, message: failure.message });
    }
  });

  it('a subclass keeps its kind (a reused key is a conflict)', () => {
    class ReusedKey extends Conflict {}
    expect(toClientError(new ReusedKey('The key k was already used for a different ball.')).statusCode).toBe(409);
  });

  it("details travel into the spec's error shape", () => {
    const failure = new Conflict('Innings 3 cannot take this ball.', { innings_in_progress: 2 });
    expect(errorBody(failure.message, failure.details)).toMatchObject({ status: false, errMsg: failure.message, innings_in_progress: 2 });
  });
});
