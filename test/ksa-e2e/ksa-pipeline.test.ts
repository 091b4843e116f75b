/**
 * KSA through the whole pipeline against the ZATCA simulator: an EGS unit onboarded through the operator
 * API, a standard invoice cleared synchronously, a simplified one signed at once (QR available before
 * reporting) and reported by the reporting job, its final status written back to the ERP; a standard
 * invoice ZATCA rejected, corrected by an operator override and retried, cleared as a new invoice; a
 * simplified one ZATCA refused to report, corrected and retried, re-issued with a new QR and reported.
 */
import { DataSource } from 'typeorm';
import { json, postSignedWebhook } from '../support/http';
import { decodeQrTlv } from '../../src/regimes/sa-zatca/qr';
import { SAMPLE_SAUDI_SELLER_VAT, sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { demoEgsUnit } from '../../src/regimes/sa-zatca/fixtures/demo-egs-unit';
import { SweepService } from '../../src/sync/sweep.service';
import { zatcaReporting } from '../support/zatca-reporting';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-ksa-0123456789abcdef0123456789';
const EGS = 'egs-riyadh-01';

describe('KSA e-invoicing through the pipeline (ZATCA simulator, real Postgres and HTTP)', () => {
  let zatca: ZatcaSimulator;
  let t: TestApp;

  beforeAll(async () => {
    zatca = await startZatcaSimulator({ environment: 'simulation' });
    t = await startTestApp({
      regimeDefaults: { 'sa-zatca': { baseUrl: zatca.url } },
      connectors: [
        {
          name: 'riyadh',
          kind: 'webhook',
          regimes: ['sa-zatca'],
          regimeSettings: { 'sa-zatca': { egsUnitId: EGS } },
          config: { secret: SECRET },
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await zatca.stop();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, {
      ...init,
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    });

  async function push(documents: unknown[]): Promise<string[]> {
    const body = JSON.stringify({ documents });
    const res = await postSignedWebhook(t.url, 'riyadh', SECRET, body);
    const answer = await json(res);
    expect(res.status).toBe(202);
    expect(answer.rejected).toEqual([]);
    return answer.accepted.map((a: { documentId: string }) => a.documentId);
  }

  const submissionOf = (documentId: string, accept: (s: Record<string, unknown>) => boolean) =>
    eventually(async () => {
      const doc = await json(await api(`/documents/${documentId}`));
      const submission = doc.submissions[0] as Record<string, unknown> | undefined;
      return submission && accept(submission) ? submission : undefined;
    }, 30_000);

  it('onboards the EGS unit through the API, keeping keys out of the answer', async () => {
    const unit = demoEgsUnit(EGS);
    const res = await api(`/zatca/egs-units/${EGS}/onboard`, {
      method: 'POST',
      body: JSON.stringify({ otp: zatca.otp, csr: unit.csr, seller: unit.seller }),
    });
    const body = await json(res);
    expect(res.status).toBe(201);
    expect(body.state).toBe('ACTIVE');
    expect(JSON.stringify(body)).not.toMatch(/PRIVATE KEY|secret/i);
    const shown = await json(await api(`/zatca/egs-units/${EGS}`));
    expect(shown).toMatchObject({ egsUnitId: EGS, state: 'ACTIVE', vatNumber: unit.csr.vatNumber });
  });

  it('refuses onboarding with a wrong OTP, and a bad CSR with 400 and paths', async () => {
    const unit = demoEgsUnit('egs-other');
    const wrongOtp = await api('/zatca/egs-units/egs-other/onboard', {
      method: 'POST',
      body: JSON.stringify({ otp: '000000', csr: unit.csr, seller: unit.seller }),
    });
    expect([400, 422]).toContain(wrongOtp.status);
    expect((await json(wrongOtp)).message).toMatch(/otp/i);
    const badCsr = await api('/zatca/egs-units/egs-other/onboard', {
      method: 'POST',
      body: JSON.stringify({ otp: zatca.otp, csr: { ...unit.csr, vatNumber: '12345' }, seller: unit.seller }),
    });
    expect(badCsr.status).toBe(400);
    expect((await json(badCsr)).errors[0]).toMatchObject({ path: 'csr', rule: 'zatca.csr' });
  });

  it('clears a standard invoice and reports a simplified one, each with the right chain and QR', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const standard = sampleSaudiInvoice({ documentNumber: 'KSA-E2E-1', documentDate: today });
    const simplified = sampleSaudiInvoice({
      documentNumber: 'KSA-E2E-2',
      documentDate: today,
      supplyType: 'B2C',
      ksa: { invoiceKind: 'simplified', issueTime: '09:30:00', egsUnitId: EGS },
    });
    const [standardId] = await push([{ ...standard, ksa: { ...standard.ksa, egsUnitId: EGS } }]);
    const cleared = await submissionOf(standardId, (s) => s.state === 'WRITTEN_BACK');
    expect(cleared.zatcaStatus).toBe('CLEARED');
    expect(cleared.zatcaIcv).toBe(1);

    const [simplifiedId] = await push([simplified]);
    const signed = await submissionOf(simplifiedId, (s) => s.state === 'WRITTEN_BACK');
    expect(signed.zatcaStatus).toBe('SIGNED_PENDING_REPORTING');
    expect(signed.zatcaIcv).toBe(2);
    // The QR is there to print before ZATCA has seen the invoice.
    const tags = decodeQrTlv(signed.signedQr as string);
    expect(tags.get(1)?.toString('utf8')).toContain('Najd Electronics Trading Co.');
    expect(tags.get(2)?.toString('utf8')).toBe('310987654300003');
    const reportedAtZatca = () =>
      zatca.records.invoices.filter((r) => r.endpoint === 'reporting' && r.status === 'REPORTED');
    expect(reportedAtZatca()).toHaveLength(0);

    const run = await zatcaReporting(t.app).reportDue();
    expect(run.reported).toEqual([signed.id]);
    await t.app.get(SweepService).sweep();
    const reported = await submissionOf(
      simplifiedId,
      (s) => s.state === 'WRITTEN_BACK' && s.zatcaStatus === 'REPORTED',
    );
    expect(reported.zatcaIcv).toBe(2);
    expect(reportedAtZatca()).toHaveLength(1);

    const doc = await json(await api(`/documents/${simplifiedId}`));
    const actions = doc.audit.map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['registered', 'zatca-reported', 'written-back']));
    expect(actions.filter((a: string) => a === 'written-back')).toHaveLength(2);
  });

  it('re-issues a rejected standard invoice once an operator corrected it, as a new invoice in the next slot', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const invoice = sampleSaudiInvoice({ documentNumber: 'KSA-E2E-3', documentDate: today });
    const wrongVat = '311111111100003';
    const [documentId] = await push([
      {
        ...invoice,
        seller: { ...invoice.seller, vatNumber: wrongVat },
        ksa: { ...invoice.ksa, egsUnitId: EGS },
      },
    ]);
    const rejected = await submissionOf(documentId, (s) => s.state === 'REJECTED');
    expect(rejected).toMatchObject({ errorClass: 'rejected', errorCode: 'vat-number-mismatch' });
    const rejectedAtZatca = zatca.records.invoices.at(-1)!;
    expect(rejectedAtZatca).toMatchObject({ endpoint: 'clearance', status: 'NOT_CLEARED' });
    const operatorAction = (reason: string) => ({ operator: 'noura', reason });
    const retry = async () => {
      const res = await api('/submissions/retry', {
        method: 'POST',
        body: JSON.stringify({ ids: [rejected.id], ...operatorAction('seller VAT fixed') }),
      });
      expect((await json(res)).retried).toHaveLength(1);
    };

    // retried as it was: refused without sending, ZATCA's code kept
    const sentBefore = zatca.records.invoices.length;
    await retry();
    const refused = await submissionOf(
      documentId,
      (s) => s.state === 'REJECTED' && String(s.errorMessage).includes('nothing was corrected'),
    );
    expect(refused.errorCode).toBe('vat-number-mismatch');
    expect(zatca.records.invoices.length).toBe(sentBefore);

    const overridden = await api(`/documents/${documentId}/overrides`, {
      method: 'PATCH',
      body: JSON.stringify({
        overrides: { 'seller.vatNumber': SAMPLE_SAUDI_SELLER_VAT },
        ...operatorAction('VAT number of the EGS certificate'),
      }),
    });
    expect(overridden.status).toBe(200);
    await retry();
    const cleared = await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK');

    expect(cleared).toMatchObject({ zatcaStatus: 'CLEARED', zatcaIcv: Number(rejectedAtZatca.icv) + 1 });
    expect(cleared.zatcaUuid).not.toBe(rejectedAtZatca.uuid);
    expect(zatca.records.invoices.slice(sentBefore).map((r) => [r.uuid, r.icv, r.status])).toEqual([
      [cleared.zatcaUuid, String(Number(rejectedAtZatca.icv) + 1), 'CLEARED'],
    ]);
    const signed: { uuid: string; generation: number; superseded: boolean }[] = await t.app
      .get(DataSource)
      .query(
        `SELECT uuid, generation, superseded_at IS NOT NULL AS superseded FROM zatca_signed_invoice
        WHERE submission_id = $1 ORDER BY generation`,
        [rejected.id],
      );
    expect(signed).toEqual([
      { uuid: rejectedAtZatca.uuid, generation: 0, superseded: true },
      { uuid: cleared.zatcaUuid, generation: 1, superseded: false },
    ]);
  });

  it('re-issues a simplified invoice ZATCA refused to report once corrected, with a new QR, and reports it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const invoice = sampleSaudiInvoice({
      documentNumber: 'KSA-E2E-4',
      documentDate: today,
      supplyType: 'B2C',
      ksa: { invoiceKind: 'simplified', issueTime: '11:45:00', egsUnitId: EGS },
    });
    const [documentId] = await push([
      { ...invoice, seller: { ...invoice.seller, vatNumber: '311111111100003' } },
    ]);
    const signed = await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK');
    expect((await zatcaReporting(t.app).reportDue()).rejected).toEqual([signed.id]);
    await t.app.get(SweepService).sweep();
    const refused = await submissionOf(
      documentId,
      (s) => s.state === 'WRITTEN_BACK' && s.zatcaStatus === 'NOT_REPORTED',
    );
    expect(refused).toMatchObject({ errorClass: 'rejected', errorCode: 'vat-number-mismatch' });
    const retry = async () =>
      json(
        await api('/submissions/retry', {
          method: 'POST',
          body: JSON.stringify({ ids: [signed.id], operator: 'noura', reason: 'ZATCA refused the report' }),
        }),
      );

    const unchanged = await retry();
    expect(unchanged.retried).toEqual([]);
    expect(unchanged.skipped[0].why).toContain('nothing was corrected');

    await api(`/documents/${documentId}/overrides`, {
      method: 'PATCH',
      body: JSON.stringify({
        overrides: { 'seller.vatNumber': SAMPLE_SAUDI_SELLER_VAT },
        operator: 'noura',
        reason: 'VAT number of the EGS certificate',
      }),
    });
    expect((await retry()).retried).toEqual([
      { submissionId: signed.id, from: 'WRITTEN_BACK', to: 'WRITEBACK_PENDING' },
    ]);
    const reissued = await submissionOf(
      documentId,
      (s) => s.state === 'WRITTEN_BACK' && s.zatcaStatus === 'SIGNED_PENDING_REPORTING',
    );
    expect(reissued.zatcaIcv).toBe((signed.zatcaIcv as number) + 1);
    expect(reissued.zatcaUuid).not.toBe(signed.zatcaUuid);
    expect(reissued.signedQr).not.toBe(signed.signedQr);
    expect(
      decodeQrTlv(reissued.signedQr as string)
        .get(2)
        ?.toString('utf8'),
    ).toBe(SAMPLE_SAUDI_SELLER_VAT);
    expect(reissued.errorClass).toBeNull();

    expect((await zatcaReporting(t.app).reportDue()).reported).toEqual([signed.id]);
    await t.app.get(SweepService).sweep();
    await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK' && s.zatcaStatus === 'REPORTED');
    expect(
      zatca.records.invoices
        .filter((r) => r.endpoint === 'reporting' && [signed.zatcaUuid, reissued.zatcaUuid].includes(r.uuid))
        .map((r) => [r.uuid, r.status]),
    ).toEqual([
      [signed.zatcaUuid, 'NOT_REPORTED'],
      [reissued.zatcaUuid, 'REPORTED'],
    ]);
  });
});
