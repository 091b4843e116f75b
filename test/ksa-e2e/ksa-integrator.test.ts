/**
 * KSA as an integrator drives it, against the ZATCA simulator over real HTTP with real Postgres: a
 * webhook connector with a callback URL, the operator API, a foreign-currency invoice, a terminal
 * failure reported back to the ERP, a rejected invoice whose signed XML stays readable, and a CSID
 * ZATCA stops accepting (revoked on the portal) that holds invoices until the unit is onboarded again.
 */
import { createServer, type Server } from 'node:http';
import { json, postSignedWebhook } from '../support/http';
import { verifyWebhookSignature } from '../../src/connectors/webhook/webhook-signature';
import { SAMPLE_SAUDI_SELLER_VAT, sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { demoEgsUnit } from '../../src/regimes/sa-zatca/fixtures/demo-egs-unit';
import { onboardDemoEgsUnits } from '../../src/regimes/sa-zatca/fixtures';
import { zatcaReporting } from '../support/zatca-reporting';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-ksa-integrator-0123456789abcdef';
const EGS = 'egs-jeddah-07';

interface Callback {
  body: Record<string, unknown>;
  verified: boolean;
}

describe('KSA for an integrator (ZATCA simulator, callbacks, operator API)', () => {
  let zatca: ZatcaSimulator;
  let t: TestApp;
  let callbackServer: Server;
  const callbacks: Callback[] = [];
  /** The simplified invoice left waiting on a unit whose CSID was refused (egs-jeddah-08). */
  let waitingReportDocumentId = '';

  beforeAll(async () => {
    callbackServer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const check = verifyWebhookSignature({
          secret: SECRET,
          timestampHeader: req.headers['x-webhook-timestamp'] as string,
          signatureHeader: req.headers['x-webhook-signature'] as string,
          rawBody: raw,
          nowSeconds: Math.floor(Date.now() / 1000),
          toleranceSeconds: 300,
        });
        callbacks.push({ body: JSON.parse(raw.toString('utf8')), verified: check.ok });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => callbackServer.listen(0, '127.0.0.1', r));
    const port = (callbackServer.address() as { port: number }).port;
    zatca = await startZatcaSimulator({ environment: 'simulation' });
    t = await startTestApp({
      regimeDefaults: { 'sa-zatca': { baseUrl: zatca.url } },
      connectors: [
        {
          name: 'jeddah',
          kind: 'webhook',
          regimes: ['sa-zatca'],
          regimeSettings: { 'sa-zatca': { egsUnitId: EGS } },
          config: { secret: SECRET, callbackUrl: `http://127.0.0.1:${port}/zatca-outcomes` },
        },
      ],
    });
    const unit = demoEgsUnit(EGS);
    const onboarded = await api(`/zatca/egs-units/${EGS}/onboard`, {
      method: 'POST',
      body: JSON.stringify({ otp: zatca.otp, csr: unit.csr, seller: unit.seller }),
    });
    expect(onboarded.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await zatca.stop();
    await new Promise((r) => callbackServer.close(r));
  });

  function api(path: string, init: RequestInit = {}) {
    return fetch(`${t.url}${path}`, {
      ...init,
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    });
  }

  async function push(invoice: CanonicalInvoice): Promise<string> {
    const res = await postSignedWebhook(t.url, 'jeddah', SECRET, JSON.stringify({ documents: [invoice] }));
    const answer = await json(res);
    expect(res.status).toBe(202);
    expect(answer.rejected).toEqual([]);
    return answer.accepted[0].documentId as string;
  }

  const submissionOf = (documentId: string, accept: (s: Record<string, unknown>) => boolean) =>
    eventually(async () => {
      const doc = await json(await api(`/documents/${documentId}`));
      const submission = doc.submissions[0] as Record<string, unknown> | undefined;
      return submission && accept(submission) ? submission : undefined;
    }, 30_000);

  const today = () => new Date().toISOString().slice(0, 10);
  const standard = (documentNumber: string, overrides: Partial<CanonicalInvoice> = {}) => {
    const invoice = sampleSaudiInvoice({ documentNumber, documentDate: today(), ...overrides });
    return {
      ...invoice,
      ksa: { ...invoice.ksa!, supplyDate: today(), egsUnitId: overrides.ksa?.egsUnitId ?? EGS },
    };
  };

  it('clears a USD standard invoice: VAT in USD with the breakdown, and in SAR', async () => {
    const documentId = await push(
      standard('KSA-USD-1', {
        currency: 'USD',
        exchangeRate: '3.75',
        totals: { ...sampleSaudiInvoice().totals, vatInAccountingCurrency: '4193.44' },
      }),
    );
    const cleared = await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK');
    expect(cleared.zatcaStatus).toBe('CLEARED');
    const atZatca = zatca.records.invoices.find((r) => r.uuid === cleared.zatcaUuid)!;
    expect(atZatca).toMatchObject({ endpoint: 'clearance', status: 'CLEARED', errors: [] });
    const signed = (cleared.identifiers as { signedInvoice: string }).signedInvoice;
    expect(signed).toContain('<cbc:TaxAmount currencyID="SAR">4193.44</cbc:TaxAmount>');
    expect(signed).toContain('<cbc:TaxAmount currencyID="USD">1118.25</cbc:TaxAmount>');
    // ZATCA's calls are counted in /metrics like every provider's.
    const metrics = await (await api('/metrics')).text();
    expect(metrics).toMatch(
      /connector_provider_calls_total\{provider="fatoora",operation="clearance",outcome="200"\} [1-9]/,
    );
  });

  it('signs and reports a simplified invoice that names no buyer (a till sale)', async () => {
    const { buyer: _none, ...tillSale } = standard('KSA-TILL-1', {
      supplyType: 'B2C',
      ksa: { invoiceKind: 'simplified', issueTime: '08:30:00', egsUnitId: EGS },
    });
    const documentId = await push(tillSale as CanonicalInvoice);
    const signed = await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK');
    expect(signed.zatcaStatus).toBe('SIGNED_PENDING_REPORTING');
    const xml = (signed.identifiers as { signedInvoice: string }).signedInvoice;
    expect(xml).toContain('<cac:AccountingCustomerParty/>');
    expect((await zatcaReporting(t.app).reportDue()).reported).toEqual([signed.id]);
    expect(zatca.records.invoices.at(-1)).toMatchObject({ uuid: signed.zatcaUuid, status: 'REPORTED' });
  });

  it('clears a final invoice that deducts an advance payment', async () => {
    const invoice = standard('KSA-FINAL-1');
    const documentId = await push({
      ...invoice,
      totals: { ...invoice.totals, prepaidAmount: '1150.00' },
      ksa: {
        ...invoice.ksa,
        prepayments: [
          {
            documentNumber: 'KSA-ADV-1',
            issueDate: today(),
            issueTime: '08:00:00',
            description: 'Advance received for laptops',
            vatBreakdown: [
              { vatCategory: 'S', taxRate: '15', taxableAmount: '1000.00', vatAmount: '150.00' },
            ],
          },
        ],
      },
    });
    const cleared = await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK');
    expect(cleared.zatcaStatus).toBe('CLEARED');
    const xml = (cleared.identifiers as { signedInvoice: string }).signedInvoice;
    expect(xml).toContain('<cbc:PrepaidAmount currencyID="SAR">1150.00</cbc:PrepaidAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">7423.25</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:DocumentTypeCode>386</cbc:DocumentTypeCode>');
  });

  it('writes a terminal failure back to the ERP (an EGS unit never onboarded: config)', async () => {
    const documentId = await push(
      standard('KSA-NO-UNIT-1', { ksa: { ...sampleSaudiInvoice().ksa!, egsUnitId: 'egs-nowhere' } }),
    );
    const rejected = await submissionOf(documentId, (s) => s.state === 'REJECTED');
    expect(rejected.errorClass).toBe('config');
    const callback = await eventually(() =>
      Promise.resolve(callbacks.find((c) => c.body.documentNumber === 'KSA-NO-UNIT-1')),
    );
    expect(callback.verified).toBe(true);
    expect(callback.body).toMatchObject({
      documentId,
      regime: 'sa-zatca',
      state: 'REJECTED',
      identifiers: {},
      error: { errorClass: 'config', message: expect.stringContaining('egs-nowhere') },
    });
  });

  it('keeps the signed XML and ICV of an invoice ZATCA rejected readable, and lists the EGS units', async () => {
    const documentId = await push(
      standard('KSA-REJ-1', {
        seller: { ...sampleSaudiInvoice().seller, vatNumber: '311111111100003' },
      }),
    );
    const rejected = await submissionOf(documentId, (s) => s.state === 'REJECTED');
    const atZatca = zatca.records.invoices.at(-1)!;
    expect(atZatca.status).toBe('NOT_CLEARED');
    expect(rejected).toMatchObject({ zatcaIcv: Number(atZatca.icv), zatcaUuid: atZatca.uuid });

    const signed = await json(await api(`/zatca/submissions/${rejected.id as string}/signed-invoices`));
    expect(signed.items).toHaveLength(1);
    expect(signed.items[0]).toMatchObject({
      generation: 0,
      egsUnitId: EGS,
      icv: Number(atZatca.icv),
      uuid: atZatca.uuid,
      rejection: { code: 'vat-number-mismatch' },
    });
    expect(signed.items[0].signedXml).toContain(`<cbc:UUID>${atZatca.icv}</cbc:UUID>`);
    expect(signed.items[0].signedXml).toContain('311111111100003');

    const units = await json(await api('/zatca/egs-units'));
    expect(units.items).toEqual([
      expect.objectContaining({ egsUnitId: EGS, state: 'ACTIVE', vatNumber: SAMPLE_SAUDI_SELLER_VAT }),
    ]);
    expect(units.items[0].productionCertificateExpires).toEqual(expect.any(String));
    expect(JSON.stringify(units)).not.toMatch(/PRIVATE KEY|secret/i);
  });

  it('marks a unit for re-onboarding when reporting meets a refused CSID, keeping its invoice pending', async () => {
    const other = 'egs-jeddah-08';
    const unit = demoEgsUnit(other);
    const onboarded = await api(`/zatca/egs-units/${other}/onboard`, {
      method: 'POST',
      body: JSON.stringify({ otp: zatca.otp, csr: unit.csr, seller: unit.seller }),
    });
    expect(onboarded.status).toBe(201);
    const { productionRequestId } = await json(onboarded);
    const documentId = await push(
      standard('KSA-REPORT-401-1', {
        supplyType: 'B2C',
        ksa: { invoiceKind: 'simplified', issueTime: '10:10:10', egsUnitId: other },
      }),
    );
    const signed = await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK');
    waitingReportDocumentId = documentId;
    zatca.revokeCsid(productionRequestId as string);

    const run = await zatcaReporting(t.app).reportDue();
    expect(run).toMatchObject({ reported: [], rejected: [], failed: [signed.id] });
    const shown = await json(await api(`/zatca/egs-units/${other}`));
    expect(shown).toMatchObject({ state: 'REONBOARD_REQUIRED', csidRefusedAt: expect.any(String) });
    const after = await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK');
    expect(after.zatcaStatus).toBe('SIGNED_PENDING_REPORTING');
    expect(after.errorMessage).toMatch(/HTTP 401/);
  });

  it('holds invoices while ZATCA refuses the CSID (401) and clears them once the unit is onboarded again', async () => {
    const unitCsid = await json(await api(`/zatca/egs-units`));
    expect(unitCsid.items.map((u: { state: string }) => u.state)).toEqual(['ACTIVE', 'REONBOARD_REQUIRED']);
    const production = zatca.records.csids.filter((c) => c.kind === 'production' && !c.revokedAt);
    expect(production).toHaveLength(1);
    production.forEach((csid) => zatca.revokeCsid(csid.requestId));
    const sentBefore = zatca.records.invoices.length;

    const firstId = await push(standard('KSA-401-1'));
    const held = await submissionOf(
      firstId,
      (s) => s.state === 'RETRY' && s.errorCode === 'zatca-csid-refused',
    );
    expect(held.errorMessage).toMatch(/re-onboard this EGS unit/);
    const unit = await json(await api(`/zatca/egs-units/${EGS}`));
    expect(unit).toMatchObject({ state: 'REONBOARD_REQUIRED', waitingSubmissions: 1 });
    expect(unit.action).toContain(`/zatca/egs-units/${EGS}/onboard`);

    // While the unit waits, a new invoice is neither signed nor sent.
    const secondId = await push(standard('KSA-401-2'));
    const secondHeld = await submissionOf(
      secondId,
      (s) => s.state === 'RETRY' && s.errorCode === 'zatca-csid-refused',
    );
    const notSigned = await json(await api(`/zatca/submissions/${secondHeld.id as string}/signed-invoices`));
    expect(notSigned.items).toEqual([]);
    // ZATCA took nothing (a 401 is not an invoice), and nothing was REJECTED or written back.
    expect(zatca.records.invoices.length).toBe(sentBefore);
    expect((await json(await api(`/documents/${firstId}`))).submissions[0].attempts).toBe(0);
    expect(callbacks.filter((c) => String(c.body.documentNumber).startsWith('KSA-401'))).toEqual([]);

    const reonboarding = demoEgsUnit(EGS);
    const again = await api(`/zatca/egs-units/${EGS}/onboard`, {
      method: 'POST',
      body: JSON.stringify({ otp: zatca.otp, csr: reonboarding.csr, seller: reonboarding.seller }),
    });
    expect(again.status).toBe(201);
    expect((await json(again)).releasedSubmissions).toBe(2);

    const first = await submissionOf(firstId, (s) => s.state === 'WRITTEN_BACK');
    const second = await submissionOf(secondId, (s) => s.state === 'WRITTEN_BACK');
    expect([first.zatcaStatus, second.zatcaStatus]).toEqual(['CLEARED', 'CLEARED']);

    // The refused invoice keeps its slot and is signed again exactly once; the other is signed once.
    const firstSigned = (await json(await api(`/zatca/submissions/${first.id as string}/signed-invoices`)))
      .items;
    const secondSigned = (await json(await api(`/zatca/submissions/${second.id as string}/signed-invoices`)))
      .items;
    expect(firstSigned.map((s: { generation: number }) => s.generation)).toEqual([0, 1]);
    expect(firstSigned[0].rejection.code).toBe('zatca-csid-refused');
    expect(secondSigned).toHaveLength(1);
    const icvs = [firstSigned[0].icv, firstSigned[1].icv, secondSigned[0].icv].sort((a, b) => a - b);
    expect(icvs[1]).toBe(icvs[0] + 1);
    expect(icvs[2]).toBe(icvs[1] + 1);
    // Cleared by ZATCA in the chain: no fork, no chain error. The two released submissions are sent at
    // once (signed in turn under the chain lock), so they may reach ZATCA in either order.
    const cleared = zatca.records.invoices
      .slice(sentBefore)
      .filter((r) => r.endpoint === 'clearance')
      .sort((a, b) => Number(a.icv) - Number(b.icv));
    expect(cleared.map((r) => [r.icv, r.status, r.errors])).toEqual([
      [String(icvs[1]), 'CLEARED', []],
      [String(icvs[2]), 'CLEARED', []],
    ]);
    expect((await json(await api(`/zatca/egs-units/${EGS}`))).state).toBe('ACTIVE');
  });

  it('re-issues simplified invoices signed under a refused CSID once each after re-onboarding, and reports them', async () => {
    const unitId = 'egs-jeddah-09';
    const onboard = () => {
      const unit = demoEgsUnit(unitId);
      return api(`/zatca/egs-units/${unitId}/onboard`, {
        method: 'POST',
        body: JSON.stringify({ otp: zatca.otp, csr: unit.csr, seller: unit.seller }),
      });
    };
    const onboarded = await onboard();
    expect(onboarded.status).toBe(201);
    const { productionRequestId } = await json(onboarded);
    const documentIds: string[] = [];
    for (const [n, issueTime] of [
      ['1', '11:00:00'],
      ['2', '11:05:00'],
      ['3', '11:10:00'],
    ]) {
      documentIds.push(
        await push(
          standard(`KSA-RESIGN-${n}`, {
            supplyType: 'B2C',
            ksa: { invoiceKind: 'simplified', issueTime, egsUnitId: unitId },
          }),
        ),
      );
    }
    const signed: Record<string, unknown>[] = [];
    for (const id of documentIds) signed.push(await submissionOf(id, (s) => s.state === 'WRITTEN_BACK'));
    const ids = signed.map((s) => s.id as string);
    zatca.revokeCsid(productionRequestId as string);

    const reporting = zatcaReporting(t.app);
    const refusedRun = await reporting.reportDue();
    expect(refusedRun.failed).toEqual(expect.arrayContaining(ids));
    expect(refusedRun.reported).toEqual([]);
    expect((await json(await api(`/zatca/egs-units/${unitId}`))).state).toBe('REONBOARD_REQUIRED');
    const sentBefore = zatca.records.invoices.length;

    const again = await onboard();
    expect(again.status).toBe(201);
    expect(await json(again)).toMatchObject({ reissuedSimplifiedInvoices: 3, notReissued: [] });

    // The scheduled job reports the re-issues; nobody retries anything.
    const run = await reporting.reportDue();
    expect(run.rejected).toEqual([]);
    expect(run.reported).toEqual(expect.arrayContaining(ids));
    const reported: Record<string, unknown>[] = [];
    for (const id of documentIds) {
      reported.push(await submissionOf(id, (s) => s.zatcaStatus === 'REPORTED'));
    }

    // Each signed exactly twice: the refused slot kept, one re-issue in the next slots, in order.
    const history: { generation: number; icv: number; pih: string; invoiceHash: string; uuid: string }[][] =
      [];
    for (const id of ids) {
      const items = (await json(await api(`/zatca/submissions/${id}/signed-invoices`))).items;
      expect(items.map((i: { generation: number }) => i.generation)).toEqual([0, 1]);
      expect(items[0].rejection.code).toBe('zatca-csid-refused');
      expect(items[0].supersededAt).toEqual(expect.any(String));
      history.push(items);
    }
    // The three were signed by concurrent send jobs, so their first slots follow signing order, not push
    // order; the re-issues must follow the refused slots' order.
    const byFirstSlot = history.map((h, i) => ({ h, i })).sort((a, b) => a.h[0].icv - b.h[0].icv);
    const slots = [...byFirstSlot.map(({ h }) => h[0]), ...byFirstSlot.map(({ h }) => h[1])];
    slots.forEach((slot, i) => {
      if (i === 0) return;
      expect(slot.icv).toBe(slots[i - 1].icv + 1);
      expect(slot.pih).toBe(slots[i - 1].invoiceHash);
    });
    reported.forEach((submission, i) => {
      expect(submission).toMatchObject({ zatcaIcv: history[i][1].icv, zatcaUuid: history[i][1].uuid });
    });

    // ZATCA got each re-issue once, in ICV order, without a chain error; the refused slots never reached it.
    const atZatca = zatca.records.invoices
      .slice(sentBefore)
      .filter((r) => history.some((h) => h.some((slot) => slot.uuid === r.uuid)));
    expect(atZatca.map((r) => [r.uuid, r.icv, r.endpoint, r.status, r.errors])).toEqual(
      byFirstSlot.map(({ h }) => [h[1].uuid, String(h[1].icv), 'reporting', 'REPORTED', []]),
    );
    expect((await reporting.reportDue()).reported).toEqual([]);
    // (re-onboarding's own compliance checks aside)
    const sentSince = zatca.records.invoices.slice(sentBefore).filter((r) => r.endpoint !== 'compliance');
    expect(sentSince).toHaveLength(atZatca.length);
  });

  it('development auto-onboarding onboards a refused unit again, and its waiting invoice is re-issued and reported', async () => {
    const refusedUnit = 'egs-jeddah-08';
    expect((await json(await api(`/zatca/egs-units/${refusedUnit}`))).state).toBe('REONBOARD_REQUIRED');
    const waiting = await submissionOf(waitingReportDocumentId, (s) => s.state === 'WRITTEN_BACK');
    expect(waiting.zatcaStatus).toBe('SIGNED_PENDING_REPORTING');

    const lines: string[] = [];
    const ksaInstance = (egsUnitId: string) => ({
      regimes: ['sa-zatca' as const],
      regimeSettings: { 'sa-zatca': { egsUnitId } },
    });
    await onboardDemoEgsUnits(t.app, [ksaInstance(EGS), ksaInstance(refusedUnit)], zatca.otp, {
      log: (message: unknown) => lines.push(String(message)),
    });
    // The active unit is left alone; the refused one is onboarded again.
    expect(lines).toEqual([
      expect.stringMatching(/egs-jeddah-08 onboarded again .*ACTIVE \(1 simplified invoice\(s\) re-issued/),
    ]);
    expect((await json(await api(`/zatca/egs-units/${refusedUnit}`))).state).toBe('ACTIVE');

    const run = await zatcaReporting(t.app).reportDue();
    expect(run).toMatchObject({ reported: [waiting.id], rejected: [], failed: [] });
    const items = (await json(await api(`/zatca/submissions/${waiting.id as string}/signed-invoices`))).items;
    expect(items.map((i: { generation: number }) => i.generation)).toEqual([0, 1]);
    expect(items[1].icv).toBe(items[0].icv + 1);
    expect(items[1].pih).toBe(items[0].invoiceHash);
    expect(zatca.records.invoices.at(-1)).toMatchObject({
      uuid: items[1].uuid,
      icv: String(items[1].icv),
      status: 'REPORTED',
      errors: [],
    });
  });
});
