/** Which GST applies to a document's items: intra-state (CGST + SGST) or IGST, as the IRP decides it. */
import { objectAt, textAt, type JsonObject } from './json-access';

/** SEZ and export supplies are inter-state whatever the states say. */
const INTER_STATE_BY_NATURE = ['SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP'];
/** Supplies without payment of tax: the IRP accepts them with no IGST at all. */
const WITHOUT_PAYMENT = ['SEZWOP', 'EXPWOP'];

export interface SupplyNature {
  docType: string;
  supplyType: string;
  /** Seller's state is the place of supply and the supply type is not inter-state by nature. */
  intraState: boolean;
  /** IGST is the tax charged: inter-state, or intra-state flagged IgstOnIntra = Y. */
  igstCharged: boolean;
  withoutPayment: boolean;
  /** Credit and debit notes: the IRP does not check their tax amounts against the rate. */
  isNote: boolean;
  /** Reverse charge and exports with payment: an item's total may include or leave out its tax. */
  itemTotalMayExcludeTax: boolean;
}

export function supplyNatureOf(body: JsonObject): SupplyNature {
  const tran = objectAt(body, 'TranDtls');
  const supplyType = textAt(tran, 'SupTyp')?.toUpperCase() ?? '';
  const docType = textAt(objectAt(body, 'DocDtls'), 'Typ')?.toUpperCase() ?? '';
  const sellerState = Number(textAt(objectAt(body, 'SellerDtls'), 'Stcd'));
  const placeOfSupply = Number(textAt(objectAt(body, 'BuyerDtls'), 'Pos'));
  const intraState = sellerState === placeOfSupply && !INTER_STATE_BY_NATURE.includes(supplyType);
  return {
    docType,
    supplyType,
    intraState,
    igstCharged: !intraState || textAt(tran, 'IgstOnIntra') === 'Y',
    withoutPayment: WITHOUT_PAYMENT.includes(supplyType),
    isNote: docType === 'CRN' || docType === 'DBN',
    itemTotalMayExcludeTax: textAt(tran, 'RegRev') === 'Y' || supplyType === 'EXPWP',
  };
}
