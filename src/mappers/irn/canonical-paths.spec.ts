import { canonicalPathFor } from './canonical-paths';

describe('canonicalPathFor', () => {
  it.each([
    ['ItemList[2].HsnCd', 'lines[2].hsnCode'],
    ['ItemList[0].TotItemVal', 'lines[0].totalAmount'],
    ['ItemList[1].BchDtls.ExpDt', 'lines[1].batch.expiryDate'],
    ['ItemList[1].AttribDtls[3].Val', 'lines[1].attributes[3].value'],
    ['ItemList[4]', 'lines[4]'],
    ['SellerDtls.Pin', 'seller.address.postalCode'],
    ['BuyerDtls.Pos', 'buyer.placeOfSupply'],
    ['DispDtls.Nm', 'dispatchFrom.name'],
    ['ShipDtls.Gstin', 'shipTo.gstin'],
    ['DocDtls.No', 'documentNumber'],
    ['TranDtls.RegRev', 'reverseCharge'],
    ['ValDtls.TotInvValFc', 'totals.invoiceTotalForeignCurrency'],
    ['RefDtls.PrecDocDtls[0].InvNo', 'originalInvoice.number'],
    ['RefDtls.PrecDocDtls', 'originalInvoice'],
    ['ExpDtls.Port', 'export.portCode'],
    ['EwbDtls.VehNo', 'transport.vehicleNumber'],
    ['EwbDtls', 'transport'],
    ['EwbDtls.Distance', 'transport.distanceKm'],
    ['ItemList[3].PreTaxVal', 'lines[3].preTaxValue'],
    ['AddlDocDtls[1].Url', 'additionalDocuments[1].url'],
    ['AddlDocDtls[0].Docs', 'additionalDocuments[0].document'],
    ['AddlDocDtls[2].Info', 'additionalDocuments[2].information'],
    ['AddlDocDtls[0]', 'additionalDocuments[0]'],
    ['RefDtls.InvRm', 'notes'],
  ])('maps %s to %s', (nicPath, canonicalPath) => {
    expect(canonicalPathFor(nicPath)).toBe(canonicalPath);
  });

  it('has no canonical path for fields the mapper derives', () => {
    expect(canonicalPathFor('Version')).toBeUndefined();
    expect(canonicalPathFor('TranDtls.TaxSch')).toBeUndefined();
  });
});
