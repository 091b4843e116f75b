import { InMemoryZatcaChainStore } from '../../src/regimes/sa-zatca/chain';
import { InMemoryEgsCredentialStore } from '../support/in-memory-egs-credential-store';
import { FatooraClient } from '../../src/regimes/sa-zatca/fatoora.client';
import { GspKsaClient } from '../../src/regimes/sa-zatca/gsp-ksa.client';
import { ZatcaOnboardingService } from '../../src/regimes/sa-zatca/onboarding.service';
import { readEgsCsr } from '../../src/regimes/sa-zatca/csr-reader';
import { reportPendingInvoices, ZatcaRegime } from '../../src/regimes/sa-zatca/zatca.regime';
import { zatcaXmlTools } from '../../src/regimes/sa-zatca/zatca-xml-tools';
import { ComplianceError, type Registered } from '../../src/compliance/regime';
import {
  startZatcaSimulator,
  type ZatcaSimulator,
  SANDBOX_GSP_KSA_CLIENT_ID,
} from '@erp-connector/sandbox/zatca';
import { testCsrConfig, testEgsUnit, testInvoice } from './support/egs-fixtures';
import { submitContext } from './support/zatca-harness';

describe('ZATCA through the GSP /ksa-einvoice provider, and transport failures', () => {
  let simulator: ZatcaSimulator;
  let gsp: GspKsaClient;
  let onboarding: ZatcaOnboardingService;
  let regime: ZatcaRegime;

  beforeAll(async () => {
    simulator = await startZatcaSimulator();
    gsp = gspClient(simulator.gspApiKey);
    onboarding = new ZatcaOnboardingService({
      provider: gsp,
      store: new InMemoryEgsCredentialStore(),
      ...zatcaXmlTools,
    });
    regime = new ZatcaRegime({
      provider: gsp,
      chain: new InMemoryZatcaChainStore(),
      credentials: onboarding,
      ...zatcaXmlTools,
    });
  });
  afterAll(async () => {
    await simulator.stop();
  });

  /** The sandbox GSP with the onboarding steps its table does not list mapped to its own paths. */
  const gspClient = (clientSecret: string) =>
    new GspKsaClient({
      baseUrl: simulator.url,
      clientId: SANDBOX_GSP_KSA_CLIENT_ID,
      clientSecret,
      timeoutMs: 5_000,
      profile: {
        extraPaths: {
          'compliance-check': '/api/v1/compliance',
          'production-csid': '/onboard/production',
          'renew-csid': '/onboard/production',
        },
      },
    });

  const fault = (path: string, kind: string) =>
    fetch(`${simulator.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path, fault: kind, count: 1 }),
    });

  it('onboards and clears through the GSP, and the GSP status lookup finds the cleared invoice', async () => {
    const result = await onboarding.onboard(testEgsUnit('egs-gsp'), simulator.otp);
    expect(result.state).toBe('ACTIVE');
    expect(result.checks).toHaveLength(6);

    const mapped = regime.map(testInvoice('standard', 'GSP-1', 'egs-gsp'), {});
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    const outcome = (await regime.submit(mapped.value.payload, submitContext())) as Registered;
    expect(outcome.identifiers).toMatchObject({ zatcaStatus: 'CLEARED', zatcaIcv: 1 });

    const credentials = await onboarding.signingCredentials('egs-gsp');
    const status = await gsp.status(credentials.csid, mapped.value.payload.uuid);
    expect(status).toMatchObject({
      uuid: mapped.value.payload.uuid,
      status: 'CLEARED',
      invoiceHash: outcome.identifiers.zatcaHash,
    });
    expect(await gsp.status(credentials.csid, 'no-such-uuid')).toBeUndefined();
  });

  describe('never resent without a look-up (GET /status)', () => {
    const payloadOf = (number: string) => {
      const mapped = regime.map(testInvoice('standard', number, 'egs-gsp'), {});
      if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
      return mapped.value.payload;
    };
    const atZatca = (uuid: string) =>
      simulator.records.invoices.filter((r) => r.uuid === uuid && r.endpoint === 'clearance');

    it.each(['502-after-commit', 'drop-after-commit'])(
      'clearance answered %s: an unknown outcome, and the next attempt adopts what the GSP holds without sending it',
      async (kind) => {
        const payload = payloadOf(`GSP-U-${kind.slice(0, 4)}`);
        expect((await fault('/ksa-einvoice/api/v1/clearance', kind)).status).toBe(201);
        const context = submitContext();
        const lost = await regime.submit(payload, context).catch((error: unknown) => error);
        expect(lost).toMatchObject({ errorClass: 'unknown-outcome' });
        expect(atZatca(payload.uuid)).toHaveLength(1);
        const next = (await regime.submit(payload, {
          ...context,
          outcomeUnknown: true,
          attempt: 2,
        })) as Registered;
        expect(next).toMatchObject({ status: 'registered', identifiers: { zatcaStatus: 'CLEARED' } });
        expect(next.identifiers.zatcaClearedXml).toContain(payload.uuid);
        expect(atZatca(payload.uuid)).toHaveLength(1);
      },
    );

    it('a 401 after the invoice went on: the token is renewed and the status read, nothing sent twice', async () => {
      const payload = payloadOf('GSP-401');
      expect((await fault('/ksa-einvoice/api/v1/clearance', '401-after-commit')).status).toBe(201);
      const outcome = (await regime.submit(payload, submitContext())) as Registered;
      expect(outcome).toMatchObject({ status: 'registered', identifiers: { zatcaStatus: 'CLEARED' } });
      expect(atZatca(payload.uuid)).toHaveLength(1);
    });

    const signedReport = async (number: string) => {
      const mapped = regime.map(testInvoice('simplified', number, 'egs-gsp'), {});
      if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
      const signed = (await regime.submit(mapped.value.payload, submitContext())) as Registered;
      return {
        submissionId: `r-${number}`,
        egsUnitId: 'egs-gsp',
        uuid: mapped.value.payload.uuid,
        icv: signed.identifiers.zatcaIcv!,
        hash: signed.identifiers.zatcaHash!,
        signedXml: signed.identifiers.signedInvoice!,
      };
    };
    const reportedAtZatca = (uuid: string) =>
      simulator.records.invoices.filter((r) => r.uuid === uuid && r.endpoint === 'reporting');

    it.each(['502-after-commit', 'drop-after-commit'])(
      'a report answered %s after ZATCA took it is read back, not reported again',
      async (kind) => {
        const item = await signedReport(`GSP-R-${kind.slice(0, 4)}`);
        const deps = { provider: gsp, credentials: onboarding };
        expect((await fault('/ksa-einvoice/reporting', kind)).status).toBe(201);
        const [first] = await reportPendingInvoices(deps, [item]);
        expect(first.error).toMatchObject({ errorClass: 'unknown-outcome' });
        const [again] = await reportPendingInvoices(deps, [{ ...item, outcomeUnknown: true }]);
        expect(again.outcome).toMatchObject({
          status: 'registered',
          identifiers: { zatcaStatus: 'REPORTED' },
        });
        expect(reportedAtZatca(item.uuid)).toHaveLength(1);
      },
    );

    it('a report refused 401 after it went on: token renewed, status read, reported once', async () => {
      const item = await signedReport('GSP-R-401');
      const deps = { provider: gsp, credentials: onboarding };
      expect((await fault('/ksa-einvoice/reporting', '401-after-commit')).status).toBe(201);
      const [only] = await reportPendingInvoices(deps, [item]);
      expect(only.outcome).toMatchObject({ status: 'registered', identifiers: { zatcaStatus: 'REPORTED' } });
      expect(reportedAtZatca(item.uuid)).toHaveLength(1);
    });
  });

  it("demands the account's email on every call when the GSP has one registered (seed 001), and the client sends it", async () => {
    const strict = await startZatcaSimulator({ gspAccountEmail: 'ops@example.test' });
    try {
      const client = (email?: string) =>
        new GspKsaClient({
          baseUrl: strict.url,
          clientId: SANDBOX_GSP_KSA_CLIENT_ID,
          clientSecret: strict.gspApiKey,
          email,
        });
      await expect(client().generateCsr(testCsrConfig())).rejects.toMatchObject({
        options: { code: 'EMAIL' },
      });
      const generated = await client('ops@example.test').generateCsr(testCsrConfig());
      expect(generated.privateKeyPem).toContain('PRIVATE KEY');
    } finally {
      await strict.stop();
    }
  });

  it('generates a CSR on the GSP side when asked', async () => {
    const generated = await gsp.generateCsr(testCsrConfig());
    expect(generated.privateKeyPem).toContain('PRIVATE KEY');
    expect(readEgsCsr(generated.csr)).toMatchObject({
      signatureValid: true,
      templateName: 'TSTZATCA-Code-Signing',
      egs: { invoiceType: '1100' },
    });
  });

  it('offers no operation the GSP table does not list unless its path is configured', async () => {
    const published = new GspKsaClient({
      baseUrl: simulator.url,
      clientId: SANDBOX_GSP_KSA_CLIENT_ID,
      clientSecret: simulator.gspApiKey,
    });
    const credentials = await onboarding.signingCredentials('egs-gsp');
    await expect(
      published.complianceCheck(credentials.csid, { invoiceHash: 'x', uuid: 'y', invoice: 'eg==' }),
    ).rejects.toMatchObject({ errorClass: 'config', options: { code: 'NOT_PUBLISHED' } });
    await expect(published.requestProductionCsid(credentials.csid, '1')).rejects.toMatchObject({
      options: { code: 'NOT_PUBLISHED' },
    });
  });

  it('refuses wrong GSP client credentials as auth', async () => {
    const stranger = gspClient('wrong');
    await expect(stranger.requestComplianceCsid('x', simulator.otp)).rejects.toMatchObject({
      errorClass: 'auth',
    });
  });

  it('classes 503 and 429 (with Retry-After) as transient, and a refused connection as transient', async () => {
    const fatoora = new FatooraClient({ baseUrl: simulator.url, timeoutMs: 5_000 });
    const credentials = await onboarding.signingCredentials('egs-gsp');
    const submission = { invoiceHash: 'x', uuid: 'y', invoice: 'eg==' };

    expect((await fault('/invoices/clearance/single', '503')).status).toBe(201);
    await expect(fatoora.clear(credentials.csid, submission)).rejects.toMatchObject({
      errorClass: 'transient',
      options: { code: '503' },
    });

    expect((await fault('/ksa-einvoice/reporting', '429')).status).toBe(201);
    const limited = await gsp.report(credentials.csid, submission).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ComplianceError);
    expect(limited).toMatchObject({ errorClass: 'transient', options: { code: '429', retryAfterMs: 1000 } });

    const nowhere = new FatooraClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2_000 });
    await expect(nowhere.clear(credentials.csid, submission)).rejects.toMatchObject({
      errorClass: 'transient',
      options: { code: 'ECONNREFUSED' },
    });
  });

  it('keeps secrets out of errors', async () => {
    const credentials = await onboarding.signingCredentials('egs-gsp');
    expect((await fault('/invoices/clearance/single', '500')).status).toBe(201);
    const error = await new FatooraClient({ baseUrl: simulator.url })
      .clear(credentials.csid, { invoiceHash: 'x', uuid: 'y', invoice: 'eg==' })
      .catch((e: unknown) => e);
    const shown = JSON.stringify(error) + String(error) + JSON.stringify((error as ComplianceError).options);
    expect(shown).not.toContain(credentials.csid.secret);
    expect(shown).not.toContain(credentials.csid.binarySecurityToken);
  });
});
