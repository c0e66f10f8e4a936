// The per-socket budget (catch-ups charged for their events) and the client address the
// per-address socket cap counts, as the HTTP routes see it behind TRUST_PROXY hops.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../../src/server/realtime/index.ts';
import { CATCH_UP_EVENTS_PER_TOKEN, MessageBudget } from '../../../src/server/realtime/limits.ts';

describe('a socket budget', () => {
  it('takes a token per message, charges a catch-up for its events and refuses more work until refilled', () => {
    let now = 0;
    const budget = new MessageBudget({ burst: 4, perSecond: 2 }, () => now);
    expect([budget.take(), budget.take()]).toEqual([true, true]);
    // A small catch-up costs just its message.
    budget.chargeEvents(CATCH_UP_EVENTS_PER_TOKEN - 1);
    expect(budget.inCredit()).toBe(true);
    budget.chargeEvents(5 * CATCH_UP_EVENTS_PER_TOKEN);
    expect(budget.inCredit()).toBe(false);
    expect(budget.take()).toBe(false);
    now += 1_500;
    expect(budget.inCredit()).toBe(true);
    now += 60_000;
    expect([budget.take(), budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, true, false]);
  });
});

describe('the client address of a socket', () => {
  const request = (remoteAddress: string, forwarded?: string) =>
    ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;

  it('is the peer unless proxies are trusted, then the entry that many hops back', () => {
    expect(clientAddress(request('10.0.0.1', '203.0.113.9'), 0)).toBe('10.0.0.1');
    expect(clientAddress(request('10.0.0.1', '198.51.100.7, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddress(request('10.0.0.1', '198.51.100.7, 203.0.113.9'), 2)).toBe('198.51.100.7');
    // A forged chain longer than the trusted hops is not believed beyond them; a short one gives its first entry.
    expect(clientAddress(request('10.0.0.1', '1.1.1.1, 198.51.100.7, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddress(request('10.0.0.1'), 2)).toBe('10.0.0.1');
  });
});
