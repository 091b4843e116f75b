import { buildEgsCsr, generateEgsKeyPair } from '../../src/regimes/sa-zatca/csr';
import { ComplianceError } from '../../src/compliance/regime';
import { testCsrConfig, testEgsUnit, TEST_VAT_NUMBER } from './support/egs-fixtures';
import { startZatcaHarness, type ZatcaHarness } from './support/zatca-harness';
import { X509Certificate } from 'node:crypto';

describe('ZATCA onboarding against the Fatoora simulator', () => {
  let h: ZatcaHarness;
  beforeAll(async () => {
    h = await startZatcaHarness();
  });
  afterAll(async () => {
    await h.simulator.stop();
  });

  it('onboards an EGS unit: CSR -> compliance CSID -> six compliance checks -> production CSID', async () => {
    const result = await h.onboarding.onboard(testEgsUnit('egs-onboard'), h.simulator.otp);

    expect(result.state).toBe('ACTIVE');
    expect(result.checks.map((check) => check.document)).toEqual([
      'standard:388',
      'standard:381',
      'standard:383',
      'simplified:388',
      'simplified:381',
      'simplified:383',
    ]);
    expect(result.checks.map((check) => check.status)).toEqual([
      'CLEARED',
      'CLEARED',
      'CLEARED',
      'REPORTED',
      'REPORTED',
      'REPORTED',
    ]);
    expect(result.productionRequestId).not.toBe(result.complianceRequestId);

    const compliance = h.simulator.records.invoices.filter((invoice) => invoice.endpoint === 'compliance');
    expect(compliance).toHaveLength(6);
    expect(compliance.every((invoice) => invoice.errors.length === 0)).toBe(true);
    expect(compliance.map((invoice) => invoice.icv)).toEqual(['1', '2', '3', '4', '5', '6']);

    // the production certificate was issued by the sandbox CA for our CSR's identity
    const credentials = await h.onboarding.signingCredentials('egs-onboard');
    const certificate = new X509Certificate(Buffer.from(credentials.certificateBase64, 'base64'));
    const ca = new X509Certificate(h.simulator.caCertificatePem);
    expect(certificate.checkIssued(ca)).toBe(true);
    expect(certificate.verify(ca.publicKey)).toBe(true);
    expect(certificate.subject).toContain('O=Najd Lantern Trading LLC');
    const production = h.simulator.records.csids.find(
      (csid) => csid.kind === 'production' && csid.requestId === result.productionRequestId,
    );
    expect(production?.csr.egs.vatNumber).toBe(TEST_VAT_NUMBER);
    expect(Buffer.from(production!.binarySecurityToken, 'base64').toString('utf8')).toBe(
      credentials.certificateBase64,
    );
  });

  it('stores keys and secrets sealed and never logs them', async () => {
    const credentials = await h.onboarding.signingCredentials('egs-onboard');
    const stored = JSON.stringify(h.store.dump());
    expect(credentials.privateKeyPem).toContain('PRIVATE KEY');
    expect(stored).not.toContain('PRIVATE KEY');
    expect(stored).not.toContain(credentials.csid.secret);
    const logged = h.logLines.join('\n');
    expect(h.logLines.length).toBeGreaterThan(0);
    expect(logged).not.toContain(credentials.csid.secret);
    expect(logged).not.toContain(credentials.csid.binarySecurityToken);
    expect(logged).not.toContain(h.simulator.otp);
  });

  it('refuses a wrong OTP with ZATCA code kept', async () => {
    const error = await h.onboarding.onboard(testEgsUnit('egs-bad-otp'), '000000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ComplianceError);
    expect((error as ComplianceError).errorClass).toBe('rejected');
    expect((error as ComplianceError).options.code).toBe('Invalid-OTP');
    expect(await h.store.get('egs-bad-otp')).toBeUndefined();
  });

  it('refuses a CSR made for another environment', async () => {
    const keys = generateEgsKeyPair();
    const csr = buildEgsCsr(testCsrConfig({ environment: 'core' }), keys.privateKeyPem);
    await expect(h.client.requestComplianceCsid(csr.base64OfPem, h.simulator.otp)).rejects.toMatchObject({
      errorClass: 'rejected',
      options: { code: 'Invalid-CSR' },
    });
  });

  it('does not grant a production CSID before the compliance checks pass', async () => {
    const keys = generateEgsKeyPair();
    const csr = buildEgsCsr(testCsrConfig(), keys.privateKeyPem);
    const compliance = await h.client.requestComplianceCsid(csr.base64OfPem, h.simulator.otp);
    const error = await h.client
      .requestProductionCsid(compliance, compliance.requestId)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errorClass: 'rejected', options: { code: 'Missing-Compliance-Steps' } });
    expect((error as Error).message).toContain('standard:388');
  });

  it('treats bad CSID credentials as an auth failure', async () => {
    await expect(
      h.client.requestProductionCsid({ binarySecurityToken: 'bm9wZQ==', secret: 'nope' }, '1'),
    ).rejects.toMatchObject({ errorClass: 'auth' });
  });

  it('renews the production CSID with an OTP and a new key', async () => {
    const before = await h.onboarding.signingCredentials('egs-onboard');
    const renewed = await h.onboarding.renew('egs-onboard', testCsrConfig(), h.simulator.otp);
    const after = await h.onboarding.signingCredentials('egs-onboard');
    expect(after.certificateBase64).not.toBe(before.certificateBase64);
    expect(after.privateKeyPem).not.toBe(before.privateKeyPem);
    expect(
      h.simulator.records.csids.find((csid) => csid.requestId === renewed.requestId)?.renewedFrom,
    ).toBeDefined();
    await expect(h.onboarding.renew('egs-onboard', testCsrConfig(), 'wrong')).rejects.toMatchObject({
      errorClass: 'rejected',
      options: { code: 'Invalid-OTP' },
    });
  });
});
