import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskPhone, redactUrl } from '../../../src/server/logging.ts';
import { logSink } from '../../helpers/log-sink.ts';

describe('log redaction', () => {
  it('replaces secret query values and masks a phone to its last 4 digits', () => {
    expect(redactUrl('/user/v1/verify_otp?otp=123456&otp_id=Zx9-abc')).toBe('/user/v1/verify_otp?otp=[redacted]&otp_id=[redacted]');
    expect(redactUrl('/user/v1/send/otp?phone=9876543210')).toBe('/user/v1/send/otp?phone=******3210');
    expect(redactUrl('/x?Password=ab12cd&token=t&keep=1')).toBe('/x?Password=[redacted]&token=[redacted]&keep=1');
    // An escaped name is still the name.
    expect(redactUrl('/x?%6Ftp=123456')).toBe('/x?%6Ftp=[redacted]');
    expect(redactUrl('/series?tab=points')).toBe('/series?tab=points');
    expect(redactUrl('/about')).toBe('/about');
    expect(maskPhone('123')).toBe('***');
  });

  it('pino leaves out passwords, OTPs, tokens, cookies and Authorization headers at any of three levels', () => {
    const { lines, stream } = logSink();
    const logger = pino(loggerOptions('info'), stream);
    logger.info(
      {
        req: { headers: { authorization: 'Bearer tok-en1', cookie: 'crease_session=tok-en2', host: 'crease.test' } },
        res: { headers: { 'set-cookie': ['crease_session=tok-en3; HttpOnly'] } },
        body: { phone: '9876543210', password: 'ab12cd', otp: '135790', otp_id: 'id-secret' },
        token: 'tok-en4',
      },
      'request',
    );
    const text = lines.join('');
    for (const secret of ['tok-en1', 'tok-en2', 'tok-en3', 'tok-en4', 'ab12cd', '135790', 'id-secret']) expect(text).not.toContain(secret);
    expect(text).toContain('crease.test');
    expect(text).toContain('[redacted]');
  });
});

describe('database errors in the log', () => {
  it('keep the statement and the reason but not the values the query was sent with', async () => {
    const { freshDatabase } = await import('../../helpers/test-db.ts');
    const { sql } = await import('kysely');
    const db = await freshDatabase();
    let failure: unknown;
    try {
      await sql`select ${'otp-hash-0123456789abcdef'}::int as n, ${'secret-otp-id'}::text as id`.execute(db.kysely);
    } catch (error) {
      failure = error;
    } finally {
      await db.close();
    }
    // The driver's error carries the parameters; the log does not.
    expect(JSON.stringify((failure as { params?: unknown }).params)).toContain('secret-otp-id');
    const { lines, stream } = logSink();
    const logger = pino(loggerOptions('info'), stream);
    logger.error({ err: failure }, 'request failed');
    logger.error({ err: new Error('wrapped', { cause: failure }) }, 'job failed');
    const text = lines.join('');
    expect(text).not.toContain('secret-otp-id');
    expect(text).not.toContain('otp-hash-0123456789abcdef');
    expect(text).toContain('invalid input syntax for type integer: \\"[redacted]\\"');
    expect(text).toContain('::int as n');
    expect(text).toContain('"params":"[redacted]"');
  });
});
