import { UNREGISTERED_PERSON, OTHER_COUNTRY_STATE_CODE } from '../../../domain';
import { type RuleContext } from './rule-context';

const INR = 'INR';

/**
 * Exports go to a buyer abroad (place of supply 96, GSTIN URP) and state their destination; SEZ and
 * deemed-export buyers are registered (checked with the parties). CGST/SGST vs IGST for SEZ and exports
 * is checked per item. An e-way bill is for goods: a services-only invoice cannot carry EwbDtls (4009).
 */
export function checkSupplyType<V>(context: RuleContext<V>): void {
  const { BuyerDtls: buyer, ExpDtls: exportDetails, ValDtls: values, EwbDtls, ItemList } = context.payload;
  if (context.isExport) {
    if (buyer.Pos !== OTHER_COUNTRY_STATE_CODE) {
      context.fail(
        'BuyerDtls.Pos',
        'irn.export.placeOfSupply',
        'the place of supply of an export is 96 (other country)',
        buyer.Pos,
      );
    }
    if (buyer.Gstin !== UNREGISTERED_PERSON) {
      context.warn(
        'BuyerDtls.Gstin',
        'irn.export.buyerGstin',
        'an export buyer abroad is normally "URP"',
        buyer.Gstin,
      );
    }
    if (!exportDetails?.CntCode) {
      context.warn(
        'ExpDtls.CntCode',
        'irn.export.countryCode',
        'an export should name the destination country',
      );
    }
  }
  const foreignCurrency = exportDetails?.ForCur;
  if (
    foreignCurrency !== undefined &&
    foreignCurrency.toUpperCase() !== INR &&
    values.TotInvValFc === undefined
  ) {
    context.warn(
      'ValDtls.TotInvValFc',
      'irn.total.foreignCurrency',
      `the total in ${foreignCurrency} is missing`,
    );
  }
  if (EwbDtls !== undefined && ItemList.length > 0 && ItemList.every((item) => item.IsServc === 'Y')) {
    context.fail(
      'EwbDtls',
      'irn.ewb.servicesOnly',
      'an e-way bill cannot be generated for services only',
      undefined,
      '4009',
    );
  }
}
