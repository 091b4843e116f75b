import { purchaseRecordOf, unreadablePurchaseRecord } from './purchase-record';
import { MasterIndex } from './tally-masters';
import { parseTallyXml } from './xml/tally-xml-reader';

function voucher(extra: string): ReturnType<typeof parseTallyXml> {
  return parseTallyXml(
    `<VOUCHER VCHTYPE="Purchase"><GUID>g-1</GUID><DATE>20261005</DATE><VOUCHERNUMBER>P-7</VOUCHERNUMBER>` +
      `<VOUCHERTYPENAME>Purchase</VOUCHERTYPENAME><PARTYLEDGERNAME>Lakshmi Traders</PARTYLEDGERNAME>${extra}</VOUCHER>`,
  );
}

describe('tally purchase vouchers that cannot be read', () => {
  it('become records carrying the field error instead of being skipped', () => {
    const noReference = voucher('<PARTYGSTIN>29AABCL1234M1ZV</PARTYGSTIN>');
    const outcome = purchaseRecordOf(noReference, new MasterIndex());
    expect(outcome).toEqual({
      ok: false,
      reason: 'no supplier invoice number (REFERENCE)',
      field: 'REFERENCE',
    });
    if (outcome.ok) return;
    expect(unreadablePurchaseRecord(noReference, outcome)).toEqual({
      erpId: 'g-1',
      supplierGstin: '29AABCL1234M1ZV',
      supplierName: 'Lakshmi Traders',
      billNumber: '',
      billDate: '2026-10-05',
      documentType: 'INV',
      taxableValue: '0',
      igst: '0',
      cgst: '0',
      sgst: '0',
      cess: '0',
      total: '0',
      fieldErrors: [
        {
          path: 'voucher[P-7].REFERENCE',
          rule: 'purchase.reference',
          message: 'no supplier invoice number (REFERENCE)',
        },
      ],
    });
  });

  it('names the supplier GSTIN when the party has none', () => {
    const outcome = purchaseRecordOf(voucher('<REFERENCE>LT/101</REFERENCE>'), new MasterIndex());
    expect(outcome).toMatchObject({ ok: false, field: 'PARTYGSTIN' });
  });
});
