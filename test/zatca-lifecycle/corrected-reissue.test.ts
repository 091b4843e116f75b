/**
 * An invoice ZATCA rejected, corrected and retried, against the ZATCA simulator: the correction is signed
 * as a new invoice (new UUID, next ICV, PIH = the rejected invoice's hash) and cleared; a retry with
 * nothing corrected is refused without sending anything or taking a slot.
 */
import { computeInvoiceHash } from '../../src/regimes/sa-zatca/invoice-hash';
import type { ZatcaPayload } from '../../src/regimes/sa-zatca/zatca.regime';
import { ComplianceError, type Registered, type Rejected } from '../../src/compliance/regime';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import { testEgsUnit, testInvoice, testSeller } from './support/egs-fixtures';
import { startZatcaHarness, submitContext, type ZatcaHarness } from './support/zatca-harness';

const UNIT = 'egs-till-7';
/** A well-formed VAT number that is not the EGS certificate's: ZATCA refuses the invoice. */
const WRONG_SELLER_VAT = '311111111100003';

describe('corrected re-issue of a rejected ZATCA invoice', () => {
  let h: ZatcaHarness;
  beforeAll(async () => {
    h = await startZatcaHarness();
    await h.onboarding.onboard(testEgsUnit(UNIT), h.simulator.otp);
  });
  afterAll(async () => {
    await h.simulator.stop();
  });

  function payloadOf(invoice: CanonicalInvoice): ZatcaPayload {
    const mapped = h.regime.map(invoice, {});
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    return mapped.value.payload;
  }

  const withSellerVat = (invoice: CanonicalInvoice, vatNumber: string): CanonicalInvoice => ({
    ...invoice,
    seller: { ...testSeller, vatNumber },
  });
  const sent = () => h.simulator.records.invoices.length;

  it('clears the corrected standard invoice as a new invoice chained after the rejected one', async () => {
    await h.regime.submit(payloadOf(testInvoice('standard', 'INV-3000', UNIT)), submitContext());
    const context = submitContext();
    const original = testInvoice('standard', 'INV-3001', UNIT);

    const rejected = (await h.regime.submit(
      payloadOf(withSellerVat(original, WRONG_SELLER_VAT)),
      context,
    )) as Rejected;
    expect(rejected).toMatchObject({ status: 'rejected', code: 'vat-number-mismatch' });
    const rejectedCopy = (await h.chain.findSigned(context.submissionId))!;
    expect(rejectedCopy).toMatchObject({ generation: 0, rejection: { code: 'vat-number-mismatch' } });
    expect(h.simulator.records.invoices.at(-1)).toMatchObject({
      uuid: rejectedCopy.uuid,
      status: 'NOT_CLEARED',
    });

    const corrected = payloadOf(original);
    const cleared = (await h.regime.submit(corrected, { ...context, attempt: 2 })) as Registered;

    expect(cleared).toMatchObject({ status: 'registered', identifiers: { zatcaStatus: 'CLEARED' } });
    const ids = cleared.identifiers;
    expect(ids.zatcaUuid).not.toBe(rejectedCopy.uuid);
    expect(ids.zatcaUuid).not.toBe(corrected.uuid);
    expect(ids.zatcaIcv).toBe(rejectedCopy.icv + 1);
    expect(ids.signedInvoice).toContain(`>${rejectedCopy.hash}</cbc:EmbeddedDocumentBinaryObject>`);
    expect(ids.signedInvoice).toContain(`<cbc:UUID>${ids.zatcaUuid}</cbc:UUID>`);
    expect(ids.zatcaHash).toBe(computeInvoiceHash(ids.signedInvoice!).hashBase64);
    expect(h.simulator.records.invoices.at(-1)).toMatchObject({
      endpoint: 'clearance',
      uuid: ids.zatcaUuid,
      icv: String(rejectedCopy.icv + 1),
      status: 'CLEARED',
      errors: [],
    });
    expect(await h.chain.findSigned(context.submissionId)).toMatchObject({
      generation: 1,
      uuid: ids.zatcaUuid,
      pih: rejectedCopy.hash,
    });
    expect(await h.chain.current(UNIT)).toEqual({ lastIcv: rejectedCopy.icv + 1, lastHash: ids.zatcaHash });

    // the re-issue is now what a retry resends: answered as a duplicate, nothing signed
    const again = (await h.regime.submit(corrected, { ...context, attempt: 3 })) as Registered;
    expect(again).toMatchObject({ status: 'registered', adopted: true });
    expect(again.identifiers.zatcaUuid).toBe(ids.zatcaUuid);
    expect((await h.chain.current(UNIT))!.lastIcv).toBe(rejectedCopy.icv + 1);
  });

  it('refuses a retry with nothing corrected, without sending or taking a slot', async () => {
    const context = submitContext();
    const wrong = payloadOf(withSellerVat(testInvoice('standard', 'INV-3002', UNIT), WRONG_SELLER_VAT));
    expect(await h.regime.submit(wrong, context)).toMatchObject({ status: 'rejected' });
    const chainBefore = await h.chain.current(UNIT);
    const sentBefore = sent();

    const refused = await h.regime.submit(wrong, { ...context, attempt: 2 }).catch((e: unknown) => e);

    expect(refused).toBeInstanceOf(ComplianceError);
    expect(refused).toMatchObject({ errorClass: 'rejected', options: { code: 'vat-number-mismatch' } });
    expect((refused as ComplianceError).message).toContain('nothing was corrected since');
    expect(sent()).toBe(sentBefore);
    expect(await h.chain.current(UNIT)).toEqual(chainBefore);
    expect(await h.chain.findSigned(context.submissionId)).toMatchObject({ generation: 0 });
  });

  it('re-issues a corrected simplified invoice for reporting, with a new QR', async () => {
    const context = submitContext();
    const original = testInvoice('simplified', 'POS-3003', UNIT);
    const signed = (await h.regime.submit(
      payloadOf(withSellerVat(original, WRONG_SELLER_VAT)),
      context,
    )) as Registered;
    const first = (await h.chain.findSigned(context.submissionId))!;
    // what the reporting job records when ZATCA answers NOT_REPORTED
    await h.chain.markRejected(first, { code: 'vat-number-mismatch', message: 'not the certificate VAT' });

    const reissued = (await h.regime.submit(payloadOf(original), { ...context, attempt: 2 })) as Registered;

    expect(reissued.identifiers).toMatchObject({
      zatcaStatus: 'SIGNED_PENDING_REPORTING',
      zatcaIcv: first.icv + 1,
    });
    expect(reissued.identifiers.zatcaUuid).not.toBe(signed.identifiers.zatcaUuid);
    expect(reissued.identifiers.zatcaQr).not.toBe(signed.identifiers.zatcaQr);
    expect(reissued.identifiers.signedInvoice).toContain(`>${first.hash}</cbc:EmbeddedDocumentBinaryObject>`);
    const report = await h.client.report((await h.onboarding.signingCredentials(UNIT)).csid, {
      invoiceHash: reissued.identifiers.zatcaHash!,
      uuid: reissued.identifiers.zatcaUuid!,
      invoice: Buffer.from(reissued.identifiers.signedInvoice!).toString('base64'),
    });
    expect(report).toMatchObject({ outcome: 'accepted', status: 'REPORTED' });
  });
});
