import { describe, expect, it } from 'vitest';
import { codeText, hashOtp, newOtpCode, newOtpId } from '../../../src/server/auth/otp.ts';

describe('OTP codes', () => {
  it('are six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 20_000 }, newOtpCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    // About 10% start with each digit (a code below 100000 keeps its leading zero).
    const firstDigits = new Map<string, number>();
    for (const code of codes) firstDigits.set(code[0]!, (firstDigits.get(code[0]!) ?? 0) + 1);
    expect(firstDigits.size).toBe(10);
    for (const count of firstDigits.values()) expect(count).toBeGreaterThan(1500);
    expect(new Set(codes).size).toBeGreaterThan(19_000);
  });

  it('otp_ids are 128 random bits in base64url', () => {
    const ids = new Set(Array.from({ length: 1000 }, newOtpId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('hashes bind the code to its otp_id', () => {
    expect(hashOtp('a', '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOtp('a', '123456')).toBe(hashOtp('a', '123456'));
    expect(hashOtp('a', '123456')).not.toBe(hashOtp('b', '123456'));
    expect(hashOtp('a', '123456')).not.toBe(hashOtp('a', '123457'));
  });

  it('the SMS text carries the code as its only run of six digits', () => {
    const text = codeText('012345');
    expect(text).toBe('Your Crease code is 012345. It expires in 5 minutes.');
    expect(text.match(/\d{6}/g)).toEqual(['012345']);
  });
});
