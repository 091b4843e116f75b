/**
 * KSA contract: the GSP's published operations (POST /generate-csr, /onboard, /api/v1/clearance,
 * /reporting, GET /status under {base_url}/ksa-einvoice, behind an OAuth2 bearer) and Fatoora's clearance
 * answers 303/409/208 and the OTP call, against recorded exchanges (test/fixtures/providers/ksa-gsp/,
 * fatoora/) on a local HTTP server. The simulator only onboards the EGS unit the regime signs with.
 */
import { FatooraClient } from '../../src/regimes/sa-zatca/fatoora.client';
import { GspKsaClient } from '../../src/regimes/sa-zatca/gsp-ksa.client';
import type { Registered } from '../../src/compliance/regime';
import { ContractServer, loadFixture } from './contract-server';
import { testCsrConfig, testEgsUnit, testInvoice } from '../zatca-lifecycle/support/egs-fixtures';
import {
  startZatcaHarness,
  submitContext,
  type ZatcaHarness,
} from '../zatca-lifecycle/support/zatca-harness';
import { CircuitBreaker } from '../../src/compliance/http';

const gspFx = (name: string) => loadFixture(`ksa-gsp/${name}`);
const fatooraFx = (name: string) => loadFixture(`fatoora/${name}`);
const CLEARED_XML_MARK = 'cleared by ZATCA (recorded)';

describe('KSA providers against their recorded exchanges', () => {
  let server: ContractServer;
  let harness: ZatcaHarness;
  const breaker = new CircuitBreaker({ failureThreshold: 0 });

  beforeAll(async () => {
    server = await new ContractServer().start();
    harness = await startZatcaHarness();
    await harness.onboarding.onboard(testEgsUnit('egs-contract'), harness.simulator.otp);
  });
  afterAll(async () => {
    await server.stop();
    await harness.simulator.stop();
  });
  afterEach(() => {
    expect(server.mismatches).toEqual([]);
  });

  const gsp = () =>
    new GspKsaClient({
      baseUrl: server.url,
      clientId: 'recorded-client',
      clientSecret: 'recorded-secret',
      timeoutMs: 2_000,
      circuitBreaker: breaker,
    });
  const fatoora = (timeoutMs = 2_000) =>
    new FatooraClient({ baseUrl: server.url, timeoutMs, circuitBreaker: breaker });
  const credentials = () => harness.onboarding.signingCredentials('egs-contract');
  const standard = (number: string) => {
    const mapped = harness.regime.map(testInvoice('standard', number, 'egs-contract'), {});
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    return mapped.value.payload;
  };

  describe('KSA GSP', () => {
    it('token + clearance: bearer, X-CSID and the table body (invoiceXml, invoiceType, currency)', async () => {
      server.expect(gspFx('token'), gspFx('clearance'));
      const outcome = (await harness
        .regimeWith({ provider: gsp() })
        .submit(standard('GSP-C-1'), submitContext())) as Registered;
      expect(outcome).toMatchObject({ status: 'registered', identifiers: { zatcaStatus: 'CLEARED' } });
      expect(outcome.identifiers.zatcaClearedXml).toContain(CLEARED_XML_MARK);
      const sent = server.received[1].body as Record<string, string>;
      expect(sent).toMatchObject({ invoiceType: '388', currency: 'SAR' });
      expect(Buffer.from(sent.invoiceXml, 'base64').toString('utf8')).toContain('<cbc:InvoiceTypeCode');
    });

    it('reporting at POST /reporting and status at GET /status?uuid=', async () => {
      const { csid } = await credentials();
      server.expect(gspFx('token'), gspFx('reporting'));
      const reported = await gsp().report(csid, {
        invoiceHash: 'h',
        uuid: 'u',
        invoice: Buffer.from('<x/>').toString('base64'),
      });
      expect(reported).toMatchObject({ outcome: 'accepted', status: 'REPORTED' });
      server.expect(gspFx('token'), gspFx('status'));
      expect(await gsp().status(csid, '8e6000cf-1a98-4174-b3e7-b5d5954bc10d')).toMatchObject({
        status: 'CLEARED',
      });
      expect(server.received[1].query).toEqual({ uuid: '8e6000cf-1a98-4174-b3e7-b5d5954bc10d' });
    });

    it('generate-csr and onboard', async () => {
      server.expect(gspFx('token'), gspFx('generate-csr'));
      expect(await gsp().generateCsr(testCsrConfig())).toMatchObject({ csr: expect.any(String) });
      server.expect(gspFx('token'), gspFx('onboard'));
      expect(await gsp().requestComplianceCsid('Q1NS', '123345')).toMatchObject({
        requestId: '1234567890123',
        secret: 'recorded-csid-secret',
      });
    });

    it('409 without the cleared XML: the regime fetches it from GET /status', async () => {
      server.expect(gspFx('token'), gspFx('clearance-409'), gspFx('status'));
      const outcome = (await harness
        .regimeWith({ provider: gsp() })
        .submit(standard('GSP-C-409'), submitContext())) as Registered;
      expect(outcome).toMatchObject({ status: 'registered', adopted: true });
      expect(outcome.identifiers.zatcaClearedXml).toContain(CLEARED_XML_MARK);
      expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /oauth/token',
        'POST /ksa-einvoice/api/v1/clearance',
        'GET /ksa-einvoice/status',
      ]);
    });
  });

  describe('Fatoora', () => {
    it('303 on clearance (clearance switched off): the invoice is reported instead', async () => {
      server.expect(fatooraFx('clearance-303'), fatooraFx('reporting'));
      const outcome = (await harness
        .regimeWith({ provider: fatoora() })
        .submit(standard('F-303'), submitContext())) as Registered;
      expect(outcome).toMatchObject({ status: 'registered', identifiers: { zatcaStatus: 'REPORTED' } });
      expect(outcome.warnings).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'CLEARANCE_OFF' })]),
      );
      expect(server.received.map((r) => r.path)).toEqual([
        '/invoices/clearance/single',
        '/invoices/reporting/single',
      ]);
    });

    it('409 without the cleared XML keeps the one an earlier attempt stored', async () => {
      server.expect(fatooraFx('clearance-409'));
      const outcome = (await harness
        .regimeWith({ provider: fatoora() })
        .submit(
          standard('F-409'),
          submitContext({ previous: { zatcaClearedXml: `<Invoice><!-- ${CLEARED_XML_MARK} --></Invoice>` } }),
        )) as Registered;
      expect(outcome).toMatchObject({ status: 'registered', adopted: true });
      expect(outcome.identifiers.zatcaClearedXml).toContain(CLEARED_XML_MARK);
    });

    it('409 with nothing to keep or fetch: registered, flagged CLEARED_XML_MISSING', async () => {
      server.expect(fatooraFx('clearance-409'));
      const outcome = (await harness
        .regimeWith({ provider: fatoora() })
        .submit(standard('F-409-B'), submitContext())) as Registered;
      expect(outcome.identifiers.zatcaClearedXml).toBeUndefined();
      expect(outcome.warnings).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'CLEARED_XML_MISSING' })]),
      );
    });

    it('208 with the cleared XML keeps it', async () => {
      server.expect(fatooraFx('clearance-208'));
      const outcome = (await harness
        .regimeWith({ provider: fatoora() })
        .submit(standard('F-208'), submitContext())) as Registered;
      expect(outcome.identifiers.zatcaClearedXml).toContain(CLEARED_XML_MARK);
    });

    it.each(['compliance-timeout', 'compliance-502'])(
      'POST /compliance %s is not retried: the single-use OTP may be spent',
      async (name) => {
        server.expect(fatooraFx(name));
        const error = await fatoora(500)
          .requestComplianceCsid('Q1NS', '123345')
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ errorClass: 'rejected', options: { code: 'OTP_MAYBE_SPENT' } });
        expect((error as { retryable: boolean }).retryable).toBe(false);
        expect(server.received).toHaveLength(1);
      },
    );
  });
});
