// One-time codes by SMS for registration and password reset. A code is 6 random digits, stored
// only as sha256(otp_id ':' code), valid 5 minutes, used once, and its otp_id locks after 5
// wrong codes (counted on the row, in the same statement that checks the code, so that no
// number of processes or concurrent guesses gets a sixth try). Send and check are refused
// beyond the limits of limits.ts before any of this runs.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { Invalid, TooMany, UpstreamFailed } from '../errors.ts';
import type { Db } from '../db/client.ts';
import { OTP_MAX_ATTEMPTS } from './limits.ts';
import { maskPhone } from './phone.ts';
import type { SmsTransport } from './sms/transport.ts';

export type OtpPurpose = 'register' | 'reset';

export const OTP_TTL_MINUTES = 5;
// A verified code stays usable this long for the register or change_password call that follows
// (the person may take a while to choose a password); it can still be used only once.
export const OTP_VERIFIED_GRACE_MINUTES = 10;

export const OTP_WRONG = 'OTP verification failed. Please try again.';
export const OTP_EXPIRED = 'This OTP has expired. Request a new one.';
export const OTP_LOCKED = 'Too many wrong codes. Request a new OTP.';
export const SMS_FAILED = 'We could not send the OTP. Please try again.';
// The provider's client registers with the otp_id of a code it verified before (decision 061).
export const OTP_NOT_VERIFIED = 'Please verify the OTP from your SMS first.';
// Its forgot-password form sends back the code the server returned instead of the one typed; codes
// go only by SMS, so that form cannot work (decision 061). Its alert shows this.
export const CODE_NOT_RETURNED =
  'For your security the code goes only by SMS, never back to this app, so this app cannot reset your password. Please use Forgot Password on the Crease website.';

// What a number gets instead of a code, so that the API's answer never tells whether it has an account.
export const ALREADY_REGISTERED_TEXT = 'This number already has a Crease account. Log in, or use Forgot Password to set a new password.';
export const NO_ACCOUNT_TEXT = 'There is no Crease account for this number. Register to create one.';

export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function newOtpId(): string {
  return randomBytes(16).toString('base64url');
}

export function hashOtp(otpId: string, code: string): string {
  return createHash('sha256').update(`${otpId}:${code}`).digest('hex');
}

export function codeText(code: string): string {
  return `Your Crease code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes.`;
}

export interface OtpExpectation {
  phone: string;
  purpose: OtpPurpose;
}

export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsTransport,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Sends a code (or, when the account state does not fit the purpose, a message without one); answers the otp_id. */
  async send(phone: string, purpose: OtpPurpose): Promise<string> {
    const db = this.db.kysely;
    const account = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    const deliverable = purpose === 'register' ? account === undefined : account !== undefined;
    const otpId = newOtpId();
    const code = newOtpCode();
    await db
      .insertInto('otps')
      .values({
        id: otpId,
        phone,
        purpose,
        code_hash: hashOtp(otpId, code),
        expires_at: sql<Date>`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
        deliverable,
      })
      .execute();
    // Codes that can no longer be used are kept a day (for an operator's questions), then dropped.
    await db.deleteFrom('otps').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
    const text = deliverable ? codeText(code) : purpose === 'register' ? ALREADY_REGISTERED_TEXT : NO_ACCOUNT_TEXT;
    try {
      await this.sms.send(phone, text);
    } catch (error) {
      this.logger.warn({ transport: this.sms.name, to: maskPhone(phone), reason: (error as Error).message }, 'SMS not sent');
      throw new UpstreamFailed(SMS_FAILED);
    }
    return otpId;
  }

  /**
   * Uses up a code verified within OTP_VERIFIED_GRACE_MINUTES for this phone and purpose, without
   * the code itself (the provider's client registers with the otp_id alone); false when there is
   * no such code (never verified, used, expired, another phone's).
   */
  async useVerified(otpId: string, expect: OtpExpectation): Promise<boolean> {
    const row = await this.db.kysely
      .updateTable('otps')
      .set({ consumed_at: sql<Date>`now()` })
      .where('id', '=', otpId)
      .where('consumed_at', 'is', null)
      .where('verified_at', '>', sql<Date>`now() - make_interval(mins => ${OTP_VERIFIED_GRACE_MINUTES})`)
      .where('phone', '=', expect.phone)
      .where('purpose', '=', expect.purpose)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Checks a code; with consume, also uses it up (register, change_password). Throws the
   * contract's errors: 400 wrong (with attempts_left), 400 expired/used/unknown, 429 locked.
   */
  async check(otpId: string, code: string, options: { consume: boolean; expect?: OtpExpectation }): Promise<{ phone: string; purpose: OtpPurpose }> {
    const codeHash = hashOtp(otpId, code);
    const matched = sql<boolean>`(code_hash = ${codeHash} and deliverable)`;
    let update = this.db.kysely
      .updateTable('otps')
      .set({
        attempts: sql<number>`case when ${matched} then attempts else attempts + 1 end`,
        verified_at: sql<Date>`case when ${matched} then coalesce(verified_at, now()) else verified_at end`,
        consumed_at: sql<Date>`case when ${matched} and ${options.consume} then now() else consumed_at end`,
      })
      .where('id', '=', otpId)
      .where('attempts', '<', OTP_MAX_ATTEMPTS)
      .where('consumed_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('expires_at', '>', sql<Date>`now()`),
          eb('verified_at', '>', sql<Date>`now() - make_interval(mins => ${OTP_VERIFIED_GRACE_MINUTES})`),
        ]),
      );
    if (options.expect) update = update.where('phone', '=', options.expect.phone).where('purpose', '=', options.expect.purpose);
    const row = await update.returning(['attempts', 'phone', 'purpose', matched.as('matched')]).executeTakeFirst();
    if (row?.matched) return { phone: row.phone, purpose: row.purpose };
    if (row) {
      throw new Invalid(OTP_WRONG, { attempts_left: OTP_MAX_ATTEMPTS - row.attempts });
    }
    // Nothing was updated: say why, without counting a try.
    const current = await this.db.kysely.selectFrom('otps').select(['attempts', 'consumed_at']).where('id', '=', otpId).executeTakeFirst();
    if (current && current.consumed_at === null && current.attempts >= OTP_MAX_ATTEMPTS) throw new TooMany(OTP_LOCKED);
    throw new Invalid(OTP_EXPIRED);
  }
}
