import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toClientError } from '../../../src/server/api/errors.ts';
import { Failure } from '../../../src/server/errors.ts';
import { isRole, requireRole, requireUser } from '../../../src/server/auth/roles.ts';
import type { SessionUser } from '../../../src/server/auth/sessions.ts';

const asRequest = (user: SessionUser | null) => ({ user }) as FastifyRequest;
const editor: SessionUser = { id: '7', phone: '9876543210', name: null, email: null, image: null, role: 'editor', sessionId: '3' };

/** What the API answers for the failure the guard throws (the guard itself knows no HTTP). */
function thrown(run: () => unknown): { statusCode: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof Failure) return toClientError(error);
  }
  throw new Error('expected a Failure');
}

describe('roles', () => {
  it('requireUser: the user, or 401 with the contract message', () => {
    expect(requireUser(asRequest(editor))).toBe(editor);
    const error = thrown(() => requireUser(asRequest(null)));
    expect([error.statusCode, error.message]).toEqual([401, 'Please log in first.']);
  });

  it('requireRole: the user when a role fits, 403 when none does, 401 signed out', () => {
    expect(requireRole(asRequest(editor), 'editor', 'admin')).toBe(editor);
    const forbidden = thrown(() => requireRole(asRequest(editor), 'admin'));
    expect([forbidden.statusCode, forbidden.message]).toEqual([403, 'You do not have permission to do this.']);
    expect(thrown(() => requireRole(asRequest(null), 'admin')).statusCode).toBe(401);
  });

  it('knows the four roles only', () => {
    expect(['user', 'scorer', 'editor', 'admin'].every(isRole)).toBe(true);
    expect(isRole('owner')).toBe(false);
  });
});
