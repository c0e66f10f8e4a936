// Account routes of the provider API (spec §7): login, logout, OTPs, register, change_password,
// get/user. Limits and their reasons: docs/decisions/020-accounts-otp-and-sessions.md.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Auth } from '../auth/index.ts';
import { CSRF_COOKIE, SESSION_COOKIE, serializeCookie } from '../auth/cookies.ts';
import { csrfTokenFor } from '../auth/csrf.ts';
import { LOGIN_SLOW_AFTER, LOGIN_SLOW_DELAY_MS, RULES } from '../auth/limits.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { CODE_NOT_RETURNED, OTP_EXPIRED, OTP_NOT_VERIFIED, type OtpExpectation, type OtpPurpose } from '../auth/otp.ts';
import { requireUser } from '../auth/roles.ts';
import { avatarUrl } from '../auth/sessions.ts';
import { parseHost, siteOriginFor } from '../http/site-origin.ts';
import type { Services } from '../services/index.ts';
import { ApiError, tooManyAttempts } from './errors.ts';
import { actionSchema } from '../wire/schemas/common.ts';
import { otpRoutes, userRoutes } from '../wire/schemas/users.ts';

export const WRONG_LOGIN = 'Mobile number or password is incorrect.';
// Account requests are small JSON objects; nothing bigger is read.
const BODY_LIMIT = 4096;

/** Sets (or, with null, clears) the session and csrf cookies. */
export function setSessionCookies(reply: FastifyReply, auth: Auth, token: string | null, remember: boolean): void {
  const maxAgeS = token === null ? 0 : remember ? auth.sessions.ttlSeconds : undefined;
  const secure = auth.secureCookies;
  reply.header('set-cookie', [
    serializeCookie(SESSION_COOKIE, token ?? '', { httpOnly: true, secure, maxAgeS }),
    serializeCookie(CSRF_COOKIE, token === null ? '' : csrfTokenFor(token), { httpOnly: false, secure, maxAgeS }),
  ]);
}

export function registerUserRoutes(app: FastifyInstance, services: Services, auth: Auth): void {
  const db = services.db.kysely;
  const { limiter, sessions } = auth;
  /**
   * A photo's address as an absolute URL: the provider's client shows it from its own origin
   * (decision 061), where a path on ours is a broken image. On PUBLIC_ORIGIN, or without it on
   * the validated Host the request was addressed to, as the pages' links are (decision 050).
   */
  const absoluteImage = (request: FastifyRequest, image: string | null): string | null => {
    if (image === null) return null;
    const origin = siteOriginFor({ publicOrigin: auth.config.publicOrigin, fromHost: auth.config.originFromHost ?? false }, parseHost(request.host), request.protocol === 'https');
    return new URL(image, origin).href;
  };

  app.register(async (scope) => {
    // Everything here reads or writes one person's data: no cache may keep it.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const { login, logout, getUser } = userRoutes;

    api.post(login.paths[0]!, { schema: actionSchema(login), bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const { phone, password, remember } = request.body;
      // Counted before the password is checked; locked, the right password does not help (auth/lockouts.ts).
      const attempt = await auth.lockouts.attempt(phone, request.ip);
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterS);
      const user = await db
        .selectFrom('users')
        .select([sql<string>`id::text`.as('id'), 'phone', 'name', 'image', 'password_hash'])
        .where('phone', '=', phone)
        .executeTakeFirst();
      const matches = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !matches) {
        // Slowed before locked: a script guessing one phone's password waits a second a try.
        if (attempt.accountFailures > LOGIN_SLOW_AFTER) await sleep(LOGIN_SLOW_DELAY_MS);
        throw new ApiError(401, WRONG_LOGIN);
      }
      await auth.lockouts.succeeded(phone, request.ip);
      const { token } = await sessions.create(user.id, request.headers['user-agent']);
      sessions.pruneEnded(user.id).catch((error: unknown) => request.log.warn({ err: error }, 'ended sessions not pruned'));
      setSessionCookies(reply, auth, token, remember === true);
      return {
        status: true as const,
        message: 'Login successful',
        token,
        userData: { phone: user.phone, name: user.name, image: absoluteImage(request, avatarUrl(user.image)) },
      };
    });

    api.post(logout.paths[0]!, { schema: actionSchema(logout), bodyLimit: BODY_LIMIT }, async (request, reply) => {
      if (request.user) await sessions.revoke(request.user.sessionId);
      setSessionCookies(reply, auth, null, false);
      return { status: true as const, message: 'Logged out' };
    });

    api.get(getUser.paths[0]!, { schema: actionSchema(getUser) }, async (request) => {
      const user = requireUser(request);
      return { status: true as const, data: { name: user.name, phone: user.phone, email: user.email, image: absoluteImage(request, user.image), role: user.role } };
    });

    const { sendRegisterOtp, sendResetOtp, verifyOtpQuery, verifyOtpBody, register, changePassword, sendRegisterOtpPost, sendResetOtpPost, verifyRegisterOtp } =
      otpRoutes;

    /** The send limits: per IP first (a flood from one address counts no phone), then per phone. */
    const sendOtp = async (request: FastifyRequest, phone: string, purpose: OtpPurpose) => {
      for (const [key, rule] of [
        [request.ip, RULES.otpSendPerIp],
        [phone, RULES.otpSendPerPhone],
      ] as const) {
        const result = await limiter.hit(key, rule);
        if (!result.allowed) throw tooManyAttempts(result.retryAfterS);
      }
      const otpId = await auth.otps.send(phone, purpose);
      return { status: 'success' as const, message: 'OTP sent successfully!', otp_id: otpId };
    };
    api.get(sendRegisterOtp.paths[0]!, { schema: actionSchema(sendRegisterOtp) }, (request) => sendOtp(request, request.query.phone, 'register'));
    api.get(sendResetOtp.paths[0]!, { schema: actionSchema(sendResetOtp) }, (request) => sendOtp(request, request.query.phone, 'reset'));
    // The provider's client POSTs with the phone in the query and reads status true for a registration code.
    api.post(sendRegisterOtpPost.paths[0]!, { schema: actionSchema(sendRegisterOtpPost), bodyLimit: BODY_LIMIT }, async (request) => ({
      ...(await sendOtp(request, request.query.phone, 'register')),
      status: true as const,
    }));
    api.post(sendResetOtpPost.paths[0]!, { schema: actionSchema(sendResetOtpPost), bodyLimit: BODY_LIMIT }, (request) =>
      sendOtp(request, request.query.phone, 'reset'),
    );

    /** Every code check (verify, register, change_password) counts against the IP's limit. */
    const countCheck = async (request: FastifyRequest) => {
      const result = await limiter.hit(request.ip, RULES.otpVerifyPerIp);
      if (!result.allowed) throw tooManyAttempts(result.retryAfterS);
    };
    const verifyOtp = async (request: FastifyRequest, otp: string | undefined, otpId: string | undefined) => {
      if (otpId === undefined) throw new ApiError(400, 'otp_id is required');
      // The provider's forgot-password form sends back the code it expects the server to have
      // returned ('undefined' here): no code ever is, so that form cannot work (decision 061).
      if (otp === undefined || otp === 'undefined') throw new ApiError(400, CODE_NOT_RETURNED);
      await countCheck(request);
      await auth.otps.check(otpId, otp, { consume: false });
      return { status: 'success' as const, message: 'OTP verification successful!' };
    };
    api.get(verifyOtpQuery.paths[0]!, { schema: actionSchema(verifyOtpQuery) }, (request) => verifyOtp(request, request.query.otp, request.query.otp_id));
    api.post(verifyOtpBody.paths[0]!, { schema: actionSchema(verifyOtpBody), bodyLimit: BODY_LIMIT }, (request) => {
      const input = request.body ?? request.query;
      return verifyOtp(request, input.otp, input.otp_id);
    });
    api.post(verifyRegisterOtp.paths[0]!, { schema: actionSchema(verifyRegisterOtp), bodyLimit: BODY_LIMIT }, async (request) => {
      const { otp, otp_id } = request.query;
      if (otp === undefined) throw new ApiError(400, 'OTP is required');
      const { message } = await verifyOtp(request, otp, otp_id);
      return { status: true as const, message };
    });

    /**
     * Uses up the code of a register or change_password call: the code itself, or (the provider's
     * client, which leaves it out) a code of this phone verified just before.
     */
    const useCode = async (otpId: string, otp: string | undefined, expect: OtpExpectation) => {
      if (otp !== undefined) {
        await auth.otps.check(otpId, otp, { consume: true, expect });
        return;
      }
      if (!(await auth.otps.useVerified(otpId, expect))) throw new ApiError(400, expect.purpose === 'register' ? OTP_NOT_VERIFIED : CODE_NOT_RETURNED);
    };

    api.post(register.paths[0]!, { schema: actionSchema(register), bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const { phone, password, otp, otp_id } = request.body;
      await countCheck(request);
      // Hashed first: the code is used up only when the account can be written right after.
      const passwordHash = await hashPassword(password);
      await useCode(otp_id, otp, { phone, purpose: 'register' });
      const created = await db
        .insertInto('users')
        .values({ phone, password_hash: passwordHash })
        .onConflict((conflict) => conflict.column('phone').doNothing())
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirst();
      // Registered by another request between the code's sending and now.
      if (!created) throw new ApiError(409, 'This mobile number is already registered. Please log in.');
      // The fan who registered is signed in, as after a login (without 'Remember Me').
      const { token } = await sessions.create(created.id, request.headers['user-agent']);
      setSessionCookies(reply, auth, token, false);
      // The provider's client (no otp in the body) reads status true.
      return { status: otp === undefined ? (true as const) : ('success' as const), message: 'Registration Successful', token, userData: { phone, name: null, image: null } };
    });

    const changePasswordHandler = async (request: FastifyRequest<{ Body: { phone: string; password: string; otp?: string | undefined; otp_id: string } }>) => {
      const { phone, password, otp, otp_id } = request.body;
      await countCheck(request);
      const passwordHash = await hashPassword(password);
      await useCode(otp_id, otp, { phone, purpose: 'reset' });
      const user = await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
        .where('phone', '=', phone)
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirst();
      if (!user) throw new ApiError(400, OTP_EXPIRED);
      // Whoever knew the old password is signed out everywhere.
      await sessions.revokeAllOf(user.id);
      await auth.lockouts.clearAccount(phone);
      return { status: 'success' as const, message: 'Password Change Successful' };
    };
    api.route({ method: [...changePassword.methods], url: changePassword.paths[0]!, schema: actionSchema(changePassword), bodyLimit: BODY_LIMIT, handler: changePasswordHandler });
  });
}
