import {
  type GstinValidation,
  gstinStateCode,
  UNREGISTERED_PERSON,
  validateGstin,
  isValidPincode,
  pincodeMatchesState,
  isValidStateCode,
  OTHER_COUNTRY_STATE_CODE,
} from '../../../domain';
import { type RuleContext } from './rule-context';

const OTHER_COUNTRY_PIN = 999999;

/** A connector sees the same few GSTINs over and over; validating one takes a check-digit sum. */
const knownGstinValidations = new Map<string, GstinValidation>();
const MAX_KNOWN_GSTINS = 1024;

interface AddressLike {
  Pin?: number;
  Stcd: string;
}

export function checkParties<V>(context: RuleContext<V>): void {
  const {
    SellerDtls: seller,
    BuyerDtls: buyer,
    DispDtls: dispatch,
    ShipDtls: ship,
    TranDtls,
  } = context.payload;

  if (checkGstin(context, 'SellerDtls.Gstin', seller.Gstin) && gstinStateCode(seller.Gstin) !== seller.Stcd) {
    context.fail(
      'SellerDtls.Stcd',
      'irn.seller.stateCode',
      `the seller's state code ${seller.Stcd} is not the state of its GSTIN (${gstinStateCode(seller.Gstin)})`,
      seller.Stcd,
    );
  }
  if (seller.Stcd === OTHER_COUNTRY_STATE_CODE) {
    context.fail('SellerDtls.Stcd', 'irn.stateCode', 'the seller must be located in India', seller.Stcd);
  }
  checkAddress(context, 'SellerDtls', seller, false);

  if (buyer.Gstin === UNREGISTERED_PERSON) {
    if (!context.isExport) {
      context.fail(
        'BuyerDtls.Gstin',
        'irn.buyer.gstinRequired',
        `a ${TranDtls.SupTyp} supply needs the buyer's GSTIN; only exports go to an unregistered buyer (URP)`,
        buyer.Gstin,
      );
    }
  } else if (checkGstin(context, 'BuyerDtls.Gstin', buyer.Gstin) && buyer.Gstin === seller.Gstin) {
    context.fail(
      'BuyerDtls.Gstin',
      'irn.buyer.sameAsSeller',
      'the buyer and the seller have the same GSTIN',
      buyer.Gstin,
      '2211',
    );
  }
  checkStateCode(context, 'BuyerDtls.Pos', buyer.Pos);
  checkAddress(context, 'BuyerDtls', buyer, true);

  if (dispatch) checkAddress(context, 'DispDtls', dispatch, false);
  if (ship) {
    if (ship.Gstin !== undefined && ship.Gstin !== UNREGISTERED_PERSON)
      checkGstin(context, 'ShipDtls.Gstin', ship.Gstin);
    checkAddress(context, 'ShipDtls', ship, true);
  }
  if (TranDtls.EcmGstin !== undefined) checkGstin(context, 'TranDtls.EcmGstin', TranDtls.EcmGstin);
}

/** True when the GSTIN is valid; otherwise reports why (format, state code or check digit). */
function checkGstin<V>(context: RuleContext<V>, path: string, gstin: string): boolean {
  const validation = gstinValidation(gstin);
  if (validation.valid) return true;
  context.fail(path, `irn.${validation.rule}`, validation.message, gstin, '3028');
  return false;
}

function gstinValidation(gstin: string): GstinValidation {
  let validation = knownGstinValidations.get(gstin);
  if (validation === undefined) {
    validation = validateGstin(gstin);
    if (knownGstinValidations.size < MAX_KNOWN_GSTINS) knownGstinValidations.set(gstin, validation);
  }
  return validation;
}

function checkStateCode<V>(context: RuleContext<V>, path: string, code: string): boolean {
  if (isValidStateCode(code)) return true;
  context.fail(
    path,
    'irn.stateCode',
    'not a GST state code (01-38, 96 other country, 97 other territory)',
    code,
  );
  return false;
}

function checkAddress<V>(
  context: RuleContext<V>,
  section: string,
  address: AddressLike,
  mayBeAbroad: boolean,
): void {
  const stateValid = checkStateCode(context, `${section}.Stcd`, address.Stcd);
  const abroad = address.Stcd === OTHER_COUNTRY_STATE_CODE;
  if (abroad && mayBeAbroad) {
    if (address.Pin !== undefined && address.Pin !== OTHER_COUNTRY_PIN) {
      context.fail(
        `${section}.Pin`,
        'irn.pincode',
        `an address outside India has PIN ${OTHER_COUNTRY_PIN}`,
        address.Pin,
      );
    }
    return;
  }
  const pin = address.Pin === undefined ? '' : String(address.Pin);
  if (!isValidPincode(pin)) {
    context.fail(
      `${section}.Pin`,
      'irn.pincode',
      'a PIN code has six digits and does not start with 0',
      address.Pin,
    );
  } else if (stateValid && !pincodeMatchesState(pin, address.Stcd)) {
    context.fail(
      `${section}.Pin`,
      'irn.pincode.stateMismatch',
      `PIN ${pin} is not in state ${address.Stcd}`,
      address.Pin,
    );
  }
}
