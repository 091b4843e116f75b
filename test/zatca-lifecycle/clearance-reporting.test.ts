import { computeInvoiceHash } from '../../src/regimes/sa-zatca/invoice-hash';
import { decodeQrTlv } from '../../src/regimes/sa-zatca/qr';
import { ZATCA_INITIAL_PIH, type ZatcaChainStore } from '../../src/regimes/sa-zatca/chain';
import type { ZatcaXmlBuilder } from '../../src/regimes/sa-zatca/zatca-documents';
import { zatcaXmlTools } from '../../src/regimes/sa-zatca/zatca-xml-tools';
import { reportPendingInvoices, type ZatcaPayload } from '../../src/regimes/sa-zatca/zatca.regime';
import { ComplianceError, type Registered, type Rejected } from '../../src/compliance/regime';
import { testEgsUnit, testInvoice } from './support/egs-fixtures';
import { startZatcaHarness, submitContext, type ZatcaHarness } from './support/zatca-harness';

const UNIT = 'egs-till-1';

describe('ZATCA clearance and reporting through the sa-zatca regime', () => {
  let h: ZatcaHarness;
  beforeAll(async () => {
    h = await startZatcaHarness();
    await h.onboarding.onboard(testEgsUnit(UNIT), h.simulator.otp);
  });
  afterAll(async () => {
    await h.simulator.stop();
  });

  function payloadOf(kind: 'standard' | 'simplified', number: string): ZatcaPayload {
    const mapped = h.regime.map(testInvoice(kind, number, UNIT), {});
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    return mapped.value.payload;
  }

  const credentials = () => h.onboarding.signingCredentials(UNIT);
  const lastRecord = () => h.simulator.records.invoices[h.simulator.records.invoices.length - 1];

  it('clears a standard invoice synchronously and returns its identifiers', async () => {
    const payload = payloadOf('standard', 'INV-1001');
    const outcome = (await h.regime.submit(payload, submitContext())) as Registered;

    expect(outcome.status).toBe('registered');
    expect(outcome.identifiers).toMatchObject({
      zatcaUuid: payload.uuid,
      zatcaIcv: 1,
      zatcaStatus: 'CLEARED',
    });
    expect(outcome.identifiers.zatcaHash).toBe(
      computeInvoiceHash(outcome.identifiers.signedInvoice!).hashBase64,
    );
    expect(outcome.identifiers.zatcaClearedXml).toContain(`<cbc:UUID>${payload.uuid}</cbc:UUID>`);
    expect(decodeQrTlv(outcome.identifiers.zatcaQr!).get(6)?.toString()).toBe(outcome.identifiers.zatcaHash);
    expect(outcome.identifiers.signedInvoice).toContain(ZATCA_INITIAL_PIH);
    expect(lastRecord()).toMatchObject({
      endpoint: 'clearance',
      status: 'CLEARED',
      httpStatus: 200,
      errors: [],
    });
  });

  it('signs a simplified invoice at once with its QR, and the reporting job reports it', async () => {
    const payload = payloadOf('simplified', 'POS-2001');
    const context = submitContext();
    const before = h.simulator.records.invoices.length;
    const outcome = (await h.regime.submit(payload, context)) as Registered;

    expect(outcome.identifiers.zatcaStatus).toBe('SIGNED_PENDING_REPORTING');
    expect(outcome.identifiers.zatcaQr).toBeTruthy();
    expect(decodeQrTlv(outcome.identifiers.zatcaQr!).get(9)?.length).toBeGreaterThan(60);
    expect(h.simulator.records.invoices.length).toBe(before); // nothing sent yet

    const [reported] = await reportPendingInvoices({ provider: h.client, credentials: h.onboarding }, [
      {
        submissionId: context.submissionId,
        egsUnitId: UNIT,
        uuid: payload.uuid,
        icv: outcome.identifiers.zatcaIcv!,
        hash: outcome.identifiers.zatcaHash!,
        signedXml: outcome.identifiers.signedInvoice!,
      },
    ]);
    expect(reported.outcome).toMatchObject({
      status: 'registered',
      identifiers: { zatcaStatus: 'REPORTED', zatcaHash: outcome.identifiers.zatcaHash },
    });
    expect(lastRecord()).toMatchObject({
      endpoint: 'reporting',
      status: 'REPORTED',
      uuid: payload.uuid,
      hash: outcome.identifiers.zatcaHash,
    });
  });

  it('keeps a chain of several invoices: consecutive ICVs, each PIH the previous hash', async () => {
    const outcomes: Registered[] = [];
    for (const number of ['INV-1002', 'INV-1003', 'INV-1004']) {
      outcomes.push((await h.regime.submit(payloadOf('standard', number), submitContext())) as Registered);
    }
    const state = await h.chain.current(UNIT);
    expect(outcomes.map((o) => o.identifiers.zatcaIcv)).toEqual([
      state!.lastIcv - 2,
      state!.lastIcv - 1,
      state!.lastIcv,
    ]);
    for (let i = 1; i < outcomes.length; i++) {
      expect(outcomes[i].identifiers.signedInvoice).toContain(
        `>${outcomes[i - 1].identifiers.zatcaHash}</cbc:EmbeddedDocumentBinaryObject>`,
      );
    }
    expect(outcomes.every((o) => o.status === 'registered' && o.identifiers.zatcaStatus === 'CLEARED')).toBe(
      true,
    );
  });

  it('rejects a tampered invoice with ZATCA-style messages kept', async () => {
    const payload = payloadOf('standard', 'INV-1005');
    const signed = await h.chain.withNextChainSlot(
      UNIT,
      async (icv, pih) => {
        const creds = await credentials();
        const built = zatcaXmlTools.buildXml(payload.invoice, { icv, pih, uuid: payload.uuid });
        if (!built.ok) throw new Error('unmappable');
        const result = zatcaXmlTools.sign(built.value, {
          privateKeyPem: creds.privateKeyPem,
          certificateBase64: creds.certificateBase64,
        });
        return { signedXml: result.signedXml, hash: result.invoiceHash };
      },
      { submissionId: 'tampered', uuid: payload.uuid },
    );
    const tampered = signed.signedXml.replace(
      '<cbc:PayableAmount currencyID="SAR">138.00</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="SAR">13.80</cbc:PayableAmount>',
    );
    expect(tampered).not.toBe(signed.signedXml);

    const result = await h.client.clear((await credentials()).csid, {
      invoiceHash: signed.hash,
      uuid: payload.uuid,
      invoice: Buffer.from(tampered).toString('base64'),
    });
    expect(result.outcome).toBe('rejected');
    expect(result.httpStatus).toBe(400);
    expect(result.status).toBe('NOT_CLEARED');
    const codes = result.errors.map((error) => error.code);
    expect(codes).toEqual(expect.arrayContaining(['invalid-invoice-hash', 'BR-CO-16']));
    expect(result.errors.find((error) => error.code === 'invalid-invoice-hash')?.message).toBe(
      'The invoice hash API body does not match the (calculated) Hash of the XML',
    );

    // the genuine one still clears: a rejection does not poison the chain
    const genuine = await h.client.clear((await credentials()).csid, {
      invoiceHash: signed.hash,
      uuid: payload.uuid,
      invoice: Buffer.from(signed.signedXml).toString('base64'),
    });
    expect(genuine).toMatchObject({ outcome: 'accepted', status: 'CLEARED' });
  });

  it('rejects an invoice whose PIH is not the previous invoice hash, and the regime maps it to Rejected', async () => {
    const payload = payloadOf('standard', 'INV-1006');
    // a broken chain store that hands out the initial PIH again: the fork ZATCA must catch
    const forkingChain: ZatcaChainStore = {
      current: (unit) => h.chain.current(unit),
      findSigned: (submissionId) => h.chain.findSigned(submissionId),
      markRejected: (signed, rejection) => h.chain.markRejected(signed, rejection),
      withNextChainSlot: (unit, fn, owner) =>
        h.chain.withNextChainSlot(unit, (icv) => fn(icv, ZATCA_INITIAL_PIH), owner),
    };
    const forked = h.regimeWith({ chain: forkingChain });

    const outcome = (await forked.submit(payload, submitContext())) as Rejected;
    expect(outcome.status).toBe('rejected');
    expect(outcome.code).toContain('invalid-previous-invoice-hash');
    expect(outcome.message).toContain('Previous invoice hash (KSA-13) is not the hash of invoice counter');
  });

  it('treats a duplicate (409) as already cleared and adopts it', async () => {
    const payload = payloadOf('standard', 'INV-1007');
    const context = submitContext();
    const first = (await h.regime.submit(payload, context)) as Registered;
    const again = (await h.regime.submit(payload, { ...context, attempt: 2 })) as Registered;

    expect(again.status).toBe('registered');
    expect(again.adopted).toBe(true);
    expect(again.identifiers.zatcaHash).toBe(first.identifiers.zatcaHash);
    expect(again.identifiers.zatcaClearedXml).toBe(first.identifiers.zatcaClearedXml);
    expect(lastRecord()).toMatchObject({ uuid: payload.uuid, status: 'CLEARED' });
    const conflict = await h.client.clear((await credentials()).csid, {
      invoiceHash: first.identifiers.zatcaHash!,
      uuid: payload.uuid,
      invoice: Buffer.from(first.identifiers.signedInvoice!).toString('base64'),
    });
    expect(conflict).toMatchObject({ outcome: 'duplicate', httpStatus: 409 });
  });

  it('after a lost response, the retry resends the same stored XML (no new ICV) and is adopted', async () => {
    const payload = payloadOf('standard', 'INV-1008');
    const context = submitContext();
    const chainBefore = await h.chain.current(UNIT);
    const dropped = await fetch(`${h.simulator.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/invoices/clearance/single', fault: 'drop-after-commit', count: 1 }),
    });
    expect(dropped.status).toBe(201);

    const lost = await h.regime.submit(payload, context).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ComplianceError);
    expect((lost as ComplianceError).errorClass).toBe('unknown-outcome');
    const firstSent = lastRecord();
    expect(firstSent).toMatchObject({ uuid: payload.uuid, status: 'CLEARED' });

    const retry = (await h.regime.submit(payload, {
      ...context,
      attempt: 2,
      outcomeUnknown: true,
    })) as Registered;
    expect(retry).toMatchObject({ status: 'registered', adopted: true });
    expect(retry.identifiers.zatcaHash).toBe(firstSent.hash);
    expect(retry.identifiers.zatcaIcv).toBe(chainBefore!.lastIcv + 1);
    expect((await h.chain.current(UNIT))!.lastIcv).toBe(chainBefore!.lastIcv + 1);
  });

  it('keeps ZATCA warnings on an accepted invoice', async () => {
    // our mapper refuses a 4-digit postal code; another builder might not, and ZATCA only warns (BR-KSA-66)
    const lenientBuilder: ZatcaXmlBuilder = (invoice, chain) => {
      const built = zatcaXmlTools.buildXml(invoice, chain);
      return built.ok
        ? {
            ...built,
            value: built.value.replace(
              '<cbc:PostalZone>12611</cbc:PostalZone>',
              '<cbc:PostalZone>1261</cbc:PostalZone>',
            ),
          }
        : built;
    };
    const outcome = (await h
      .regimeWith({ buildXml: lenientBuilder })
      .submit(payloadOf('standard', 'INV-1009'), submitContext())) as Registered;
    expect(outcome.status).toBe('registered');
    expect(outcome.warnings).toEqual([
      { code: 'BR-KSA-66', message: 'Seller postal code (BT-38) must be 5 digits.' },
    ]);
    expect(lastRecord()).toMatchObject({ httpStatus: 202, status: 'CLEARED' });
  });

  it('refuses to clear a simplified invoice or report a standard one, and bad credentials', async () => {
    const creds = await credentials();
    const asSubmission = (outcome: Registered) => ({
      invoiceHash: outcome.identifiers.zatcaHash!,
      uuid: outcome.identifiers.zatcaUuid!,
      invoice: Buffer.from(outcome.identifiers.signedInvoice!).toString('base64'),
    });
    const simplified = asSubmission(
      (await h.regime.submit(payloadOf('simplified', 'POS-2002'), submitContext())) as Registered,
    );
    const wrongWay = await h.client.clear(creds.csid, simplified);
    expect(wrongWay).toMatchObject({ outcome: 'rejected', status: 'NOT_CLEARED' });
    expect(wrongWay.errors.map((error) => error.code)).toEqual(['invalid-invoice-type']);
    expect(await h.client.report(creds.csid, simplified)).toMatchObject({
      outcome: 'accepted',
      status: 'REPORTED',
    });
    expect(await h.client.report(creds.csid, simplified)).toMatchObject({
      outcome: 'duplicate',
      httpStatus: 409,
    });

    await expect(h.client.report({ ...creds.csid, secret: 'wrong' }, simplified)).rejects.toMatchObject({
      errorClass: 'auth',
    });
  });
});
