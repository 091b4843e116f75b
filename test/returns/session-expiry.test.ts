/**
 * The return gateway session lasts what the gateway answers (`expiry`), not an assumed 6 hours: against a
 * simulated gateway whose sessions last 45 minutes, the stored session ends with the gateway's, and the
 * refresh ahead of expiry keeps it alive past the first 45 minutes.
 */
import { ReturnGatewayClient } from '../../src/compliance/returns';
import { answeredExpiryMinutes, sessionLifetimeMs } from '../../src/compliance/returns/session-expiry';
import { InMemoryTokenStore } from '../../src/compliance/http';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { RETURNS_SERVICE, type ReturnsSimulatorHandle } from '@erp-connector/sandbox/returns';
import { sandboxAccountSettings } from './sandbox-account-settings';

const MINUTE = 60_000;
const NOW = new Date('2026-11-20T06:00:00Z');

let sandbox: RunningSandbox;
let gateway: ReturnsSimulatorHandle;

beforeAll(async () => {
  sandbox = await startSandbox({
    only: ['returns'],
    rateLimit: { limit: 0, windowMs: 60_000 },
    returns: { sessionTtlMs: 45 * MINUTE },
  });
  gateway = sandbox.simulators.find((s) => s.name === 'returns')!.handle as ReturnsSimulatorHandle;
  sandbox.clock.set(NOW);
});

afterAll(async () => {
  await sandbox.stop();
});

it("keeps the gateway's own expiry, and renews ahead of it", async () => {
  const c = new ReturnGatewayClient(
    { ...sandboxAccountSettings(sandbox.urls[RETURNS_SERVICE]), sessionMinutes: 360 },
    { tokenStore: new InMemoryTokenStore(), now: () => sandbox.clock.nowMs(), policy: { maxAttempts: 1 } },
  );
  await c.session.requestOtp();
  const active = await c.session.submitOtp(gateway.otp);
  expect(new Date(active.expiresAt!).getTime() - sandbox.clock.nowMs()).toBeLessThanOrEqual(45 * MINUTE);
  expect(new Date(active.expiresAt!).getTime() - sandbox.clock.nowMs()).toBeGreaterThan(44 * MINUTE);

  sandbox.clock.advance(30 * MINUTE);
  const renewed = await c.session.refreshIfDue(20 * MINUTE);
  expect(new Date(renewed.expiresAt!).getTime() - sandbox.clock.nowMs()).toBeGreaterThan(44 * MINUTE);
  sandbox.clock.advance(30 * MINUTE);
  expect((await c.session.status()).state).toBe('active');
  await expect(c.session.headersForUser()).resolves.toBeDefined();
});

it('falls back to the configured minutes, then to the published 1 hour, when the answer has no expiry', () => {
  expect(answeredExpiryMinutes({ status_cd: '1' })).toBeUndefined();
  expect(answeredExpiryMinutes({ status_cd: '1', data: { expiry: '30' } })).toBe(30);
  expect(sessionLifetimeMs({ status_cd: '1' }, 15)).toBe(15 * MINUTE);
  expect(sessionLifetimeMs({ status_cd: '1' }, undefined)).toBe(60 * MINUTE);
});
