/**
 * A session the gateway refuses on a user call (here: ended at the gateway, as by a logout elsewhere) is
 * no longer reported "active": it waits for an operator's new OTP, says why, and sends nothing meanwhile.
 */
import { ReturnGatewayClient } from '../../src/compliance/returns';
import { ComplianceError } from '../../src/compliance/regime';
import { InMemoryTokenStore } from '../../src/compliance/http';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { RETURNS_SERVICE, type ReturnsSimulatorHandle } from '@erp-connector/sandbox/returns';
import { sandboxAccountSettings } from './sandbox-account-settings';

let sandbox: RunningSandbox;
let gateway: ReturnsSimulatorHandle;

beforeAll(async () => {
  sandbox = await startSandbox({
    only: ['returns'],
    rateLimit: { limit: 0, windowMs: 60_000 },
  });
  gateway = sandbox.simulators.find((s) => s.name === 'returns')!.handle as ReturnsSimulatorHandle;
});

afterAll(async () => {
  await sandbox.stop();
});

it('marks a refused session as needing the operator, until a new OTP is submitted', async () => {
  const store = new InMemoryTokenStore();
  const c = new ReturnGatewayClient(sandboxAccountSettings(sandbox.urls[RETURNS_SERVICE]), {
    tokenStore: store,
    policy: { maxAttempts: 1 },
  });
  await c.session.requestOtp();
  await c.session.submitOtp(gateway.otp);
  const txn = (await store.get(c.session.key))!.token;
  gateway.sessions.logout(txn);

  const refused = await c.returnStatus('102026', 'REF1').catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ComplianceError);
  expect((refused as ComplianceError).errorClass).toBe('auth');

  const status = await c.session.status();
  expect(status.state).toBe('operator-required');
  expect(status.reason).toMatch(/gstr\/retstatus/);
  const before = gateway.fetches.length;
  const again = await c.returnStatus('102026', 'REF1').catch((error: unknown) => error);
  expect((again as ComplianceError).options.code).toBe('SESSION_REQUIRED');
  expect(gateway.fetches.length).toBe(before);

  await c.session.requestOtp();
  expect((await c.session.submitOtp(gateway.otp)).state).toBe('active');
});
