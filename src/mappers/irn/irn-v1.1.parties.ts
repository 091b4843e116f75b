import {
  type Address,
  type Buyer,
  type CanonicalInvoice,
  type DispatchFrom,
  type Party,
  type ShipTo,
  UNREGISTERED_PERSON,
  OTHER_COUNTRY_STATE_CODE,
} from '../../domain';
import { dropUndefined } from './drop-undefined';
import {
  type NicBuyerDtls,
  type NicDispDtls,
  type NicSellerDtls,
  type NicShipDtls,
} from './nic-einvoice-v1.1.types';
import { nicText } from './nic-text';

/** NIC's PIN for an address outside India. */
export const OTHER_COUNTRY_PIN = 999999;

const EMAIL = /^[a-zA-Z0-9+_.-]+@[a-zA-Z0-9.-]+$/;
const PIN_DIGITS = /^\d{1,9}$/;
const SINGLE_DIGIT = /^\d$/;
const NON_DIGITS = /\D/g;

export function isExport(invoice: CanonicalInvoice): boolean {
  return invoice.supplyType === 'EXPWP' || invoice.supplyType === 'EXPWOP';
}

export function mapSeller(seller: Party): NicSellerDtls {
  return dropUndefined({
    Gstin: (seller.gstin ?? '').trim().toUpperCase(),
    LglNm: nicText(seller.legalName) ?? '',
    TrdNm: nicText(seller.tradeName),
    ...addressOf(seller.address),
    Pin: pinOf(seller.address),
    Stcd: stateCodeOf(seller.address),
    Ph: phoneOf(seller.phone),
    Em: emailOf(seller.email),
  });
}

/**
 * An export's buyer is abroad: NIC wants GSTIN "URP", state and place of supply "96" and PIN 999999,
 * whatever the ERP holds for the foreign address.
 */
export function mapBuyer(invoice: CanonicalInvoice): NicBuyerDtls {
  const buyer: Buyer = invoice.buyer;
  const abroad = isExport(invoice);
  const stateCode = abroad ? OTHER_COUNTRY_STATE_CODE : stateCodeOf(buyer.address);
  return dropUndefined({
    Gstin: abroad ? UNREGISTERED_PERSON : (buyer.gstin ?? UNREGISTERED_PERSON).trim().toUpperCase(),
    LglNm: nicText(buyer.legalName) ?? '',
    TrdNm: nicText(buyer.tradeName),
    Pos: abroad ? OTHER_COUNTRY_STATE_CODE : (buyer.placeOfSupply ?? '').trim() || stateCode,
    ...addressOf(buyer.address),
    Pin: abroad ? OTHER_COUNTRY_PIN : pinOf(buyer.address),
    Stcd: stateCode,
    Ph: phoneOf(buyer.phone),
    Em: emailOf(buyer.email),
  });
}

export function mapDispatchFrom(dispatchFrom: DispatchFrom | undefined): NicDispDtls | undefined {
  if (!dispatchFrom) return undefined;
  return dropUndefined({
    Nm: nicText(dispatchFrom.name) ?? '',
    ...addressOf(dispatchFrom.address),
    Pin: pinOf(dispatchFrom.address),
    Stcd: stateCodeOf(dispatchFrom.address),
  });
}

export function mapShipTo(shipTo: ShipTo | undefined): NicShipDtls | undefined {
  if (!shipTo) return undefined;
  return dropUndefined({
    Gstin: shipTo.gstin ? shipTo.gstin.trim().toUpperCase() : undefined,
    LglNm: nicText(shipTo.legalName) ?? '',
    TrdNm: nicText(shipTo.tradeName),
    ...addressOf(shipTo.address),
    Pin: pinOf(shipTo.address),
    Stcd: stateCodeOf(shipTo.address),
  });
}

function addressOf(address: Address): { Addr1: string; Addr2?: string; Loc: string } {
  return {
    Addr1: nicText(address.line1) ?? '',
    Addr2: nicText(address.line2),
    Loc: nicText(address.city) ?? '',
  };
}

/** A PIN the rules can check; text that is not a number becomes 0, which they report. */
function pinOf(address: Address): number {
  const pin = (address.postalCode ?? '').trim();
  return PIN_DIGITS.test(pin) ? Number(pin) : 0;
}

/** State codes are two digits ("07"); ERPs often drop the leading zero. */
function stateCodeOf(address: Address): string {
  const code = (address.stateCode ?? '').trim();
  return SINGLE_DIGIT.test(code) ? `0${code}` : code;
}

/** NIC takes 6 to 12 digits; "+91 98450-12345" is sent as 919845012345. Unusable numbers are left out. */
function phoneOf(phone: string | undefined): string | undefined {
  const digits = (phone ?? '').replace(NON_DIGITS, '');
  return digits.length >= 6 && digits.length <= 12 ? digits : undefined;
}

function emailOf(email: string | undefined): string | undefined {
  const text = (email ?? '').trim();
  return text.length >= 6 && text.length <= 100 && EMAIL.test(text) ? text : undefined;
}
