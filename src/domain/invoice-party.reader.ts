import {
  type Address,
  type Buyer,
  type DispatchFrom,
  type Party,
  type PartyIdentifier,
} from './canonical-invoice';
import { type FieldReader, type JsonObject, childPath } from './field-reader';
import { UNREGISTERED_PERSON, gstinStateCode, validateGstin } from './gstin';
import { type InvoiceContext } from './invoice-context';
import { EXPORT_SUPPLIES, UNREGISTERED_BUYER_SUPPLIES } from './invoice-enums';
import {
  ADDRESS_KEYS,
  BUYER_KEYS,
  DISPATCH_FROM_KEYS,
  PARTY_IDENTIFIER_KEYS,
  PARTY_KEYS,
} from './invoice-keys';
import { isValidPincode, pincodeMatchesState } from './pincode';
import { OTHER_COUNTRY_STATE_CODE, isValidStateCode } from './state-codes';

/** KSA VAT registration number: 15 digits, first and last digit 3. */
const KSA_VAT_NUMBER = /^3[0-9]{13}3$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;
const KSA_POSTAL_CODE = /^[0-9]{5}$/;

export function readSeller(r: FieldReader, root: JsonObject, ctx: InvoiceContext): Party {
  const path = 'seller';
  const source = r.requiredObject(root, path, '', PARTY_KEYS);
  const seller = readParty(r, source, path, ctx);
  if (!source) return seller;
  if (ctx.country === 'IN') {
    const gstinIsValid = requireGstin(r, seller.gstin, childPath(path, 'gstin'));
    const stateCodePath = childPath(path, 'address.stateCode');
    const stateCode = seller.address.stateCode;
    if (stateCode === undefined) {
      r.report(stateCodePath, 'required', "is required for an Indian seller (the GSTIN's state)");
    } else if (
      gstinIsValid &&
      seller.gstin &&
      isValidStateCode(stateCode) &&
      stateCode !== gstinStateCode(seller.gstin)
    ) {
      r.report(
        stateCodePath,
        'stateCode.gstinMismatch',
        `the seller's GSTIN is registered in state ${gstinStateCode(seller.gstin)}, not ${stateCode}`,
        stateCode,
      );
    }
  }
  if (ctx.country === 'SA') requireKsaVatNumber(r, seller.vatNumber, childPath(path, 'vatNumber'));
  return seller;
}

export function readBuyer(r: FieldReader, root: JsonObject, ctx: InvoiceContext): Buyer {
  const path = 'buyer';
  if (root.buyer == null && isKsaSimplified(root, ctx)) return anonymousBuyer();
  const source = r.requiredObject(root, path, '', BUYER_KEYS);
  const buyer: Buyer = readParty(r, source, path, ctx);
  if (!source) return buyer;
  const placeOfSupply = r.optionalString(source, 'placeOfSupply', path);
  if (placeOfSupply !== undefined) buyer.placeOfSupply = placeOfSupply;
  if (ctx.country === 'IN') checkIndianBuyer(r, buyer, ctx);
  if (ctx.country === 'SA' && buyer.vatNumber !== undefined && buyer.address.countryCode === 'SA') {
    requireKsaVatNumber(r, buyer.vatNumber, childPath(path, 'vatNumber'));
  }
  return buyer;
}

/**
 * A KSA simplified (B2C) invoice may name no buyer at all (a till sale; ZATCA's own sample has an empty
 * cac:AccountingCustomerParty): the buyer is then a party with no name, id or address, nothing invented.
 */
export function anonymousBuyer(): Buyer {
  return { legalName: '', address: { line1: '', city: '', countryCode: '' } };
}

function isKsaSimplified(root: JsonObject, ctx: InvoiceContext): boolean {
  const ksa = root.ksa;
  return (
    ctx.country === 'SA' &&
    typeof ksa === 'object' &&
    ksa !== null &&
    (ksa as Record<string, unknown>).invoiceKind === 'simplified'
  );
}

export function readShipTo(r: FieldReader, root: JsonObject, ctx: InvoiceContext): Party | undefined {
  const source = r.optionalObject(root, 'shipTo', '', PARTY_KEYS);
  if (!source) return undefined;
  const shipTo = readParty(r, source, 'shipTo', ctx);
  if (ctx.country === 'IN' && shipTo.gstin !== undefined && shipTo.gstin !== UNREGISTERED_PERSON) {
    requireGstin(r, shipTo.gstin, 'shipTo.gstin');
  }
  return shipTo;
}

export function readDispatchFrom(
  r: FieldReader,
  root: JsonObject,
  ctx: InvoiceContext,
): DispatchFrom | undefined {
  const path = 'dispatchFrom';
  const source = r.optionalObject(root, path, '', DISPATCH_FROM_KEYS);
  if (!source) return undefined;
  return { name: r.requiredString(source, 'name', path), address: readAddress(r, source, path, ctx) };
}

/** Reports a missing or invalid GSTIN at `path`; true when it is valid. */
export function requireGstin(r: FieldReader, gstin: string | undefined, path: string): boolean {
  if (gstin === undefined) {
    r.report(path, 'required', 'is required');
    return false;
  }
  const result = validateGstin(gstin);
  if (!result.valid) r.report(path, result.rule, result.message, gstin);
  return result.valid;
}

function readParty(r: FieldReader, source: JsonObject | undefined, path: string, ctx: InvoiceContext): Party {
  if (!source) return { legalName: '', address: { line1: '', city: '', countryCode: '' } };
  // Set field by field in the contract's order, an optional one only when present (see readLine).
  const party = {} as Party;
  const gstin = r.optionalString(source, 'gstin', path);
  if (gstin !== undefined) party.gstin = gstin;
  const vatNumber = r.optionalString(source, 'vatNumber', path);
  if (vatNumber !== undefined) party.vatNumber = vatNumber;
  party.legalName = r.requiredString(source, 'legalName', path);
  const tradeName = r.optionalString(source, 'tradeName', path);
  if (tradeName !== undefined) party.tradeName = tradeName;
  const legalNameArabic = r.optionalString(source, 'legalNameArabic', path);
  if (legalNameArabic !== undefined) party.legalNameArabic = legalNameArabic;
  party.address = readAddress(r, source, path, ctx);
  const phone = r.optionalString(source, 'phone', path);
  if (phone !== undefined) party.phone = phone;
  const email = r.optionalString(source, 'email', path);
  if (email !== undefined) party.email = email;
  const otherIds = readPartyIdentifiers(r, source, path);
  if (otherIds !== undefined) party.otherIds = otherIds;
  return party;
}

function readAddress(r: FieldReader, owner: JsonObject, ownerPath: string, ctx: InvoiceContext): Address {
  const path = childPath(ownerPath, 'address');
  const source = r.requiredObject(owner, 'address', ownerPath, ADDRESS_KEYS);
  if (!source) return { line1: '', city: '', countryCode: '' };
  const address = {} as Address;
  address.line1 = r.requiredString(source, 'line1', path);
  const line2 = r.optionalString(source, 'line2', path);
  if (line2 !== undefined) address.line2 = line2;
  address.city = r.requiredString(source, 'city', path);
  const postalCode = r.optionalString(source, 'postalCode', path);
  if (postalCode !== undefined) address.postalCode = postalCode;
  const stateCode = r.optionalString(source, 'stateCode', path);
  if (stateCode !== undefined) address.stateCode = stateCode;
  address.countryCode = r.requiredString(source, 'countryCode', path);
  const buildingNumber = r.optionalString(source, 'buildingNumber', path);
  if (buildingNumber !== undefined) address.buildingNumber = buildingNumber;
  const additionalNumber = r.optionalString(source, 'additionalNumber', path);
  if (additionalNumber !== undefined) address.additionalNumber = additionalNumber;
  const district = r.optionalString(source, 'district', path);
  if (district !== undefined) address.district = district;
  const street = r.optionalString(source, 'street', path);
  if (street !== undefined) address.street = street;
  checkAddress(r, address, path, ctx);
  return address;
}

function checkAddress(r: FieldReader, address: Address, path: string, ctx: InvoiceContext): void {
  const { countryCode, postalCode, stateCode } = address;
  if (countryCode !== '' && !COUNTRY_CODE.test(countryCode)) {
    r.report(
      childPath(path, 'countryCode'),
      'countryCode.format',
      'must be an ISO 3166 alpha-2 code such as IN or SA',
      countryCode,
    );
  }
  if (countryCode === 'IN') {
    if (postalCode !== undefined && !isValidPincode(postalCode)) {
      r.report(
        childPath(path, 'postalCode'),
        'pincode.format',
        'an Indian PIN code has 6 digits and does not start with 0',
        postalCode,
      );
    }
    if (stateCode !== undefined && (!isValidStateCode(stateCode) || stateCode === OTHER_COUNTRY_STATE_CODE)) {
      r.report(
        childPath(path, 'stateCode'),
        'stateCode.invalid',
        'must be a two-digit GST state code such as "29"',
        stateCode,
      );
    } else if (
      stateCode !== undefined &&
      postalCode !== undefined &&
      !pincodeMatchesState(postalCode, stateCode)
    ) {
      r.warn(
        childPath(path, 'postalCode'),
        'pincode.state',
        `PIN ${postalCode} does not look like one of state ${stateCode}`,
        postalCode,
      );
    }
  } else if (
    ctx.country === 'IN' &&
    COUNTRY_CODE.test(countryCode) &&
    stateCode !== undefined &&
    stateCode !== OTHER_COUNTRY_STATE_CODE
  ) {
    r.report(
      childPath(path, 'stateCode'),
      'stateCode.invalid',
      'an address outside India carries state code "96"',
      stateCode,
    );
  }
  if (countryCode === 'SA' && postalCode !== undefined && !KSA_POSTAL_CODE.test(postalCode)) {
    r.report(
      childPath(path, 'postalCode'),
      'postalCode.format',
      'a Saudi postal code has 5 digits',
      postalCode,
    );
  }
}

function readPartyIdentifiers(
  r: FieldReader,
  owner: JsonObject,
  ownerPath: string,
): PartyIdentifier[] | undefined {
  const path = childPath(ownerPath, 'otherIds');
  const items = r.array(owner, 'otherIds', ownerPath, false);
  return items?.map((item, index) => {
    const itemPath = childPath(path, index);
    const source = r.object(item, itemPath, PARTY_IDENTIFIER_KEYS);
    if (!source) return { scheme: '', value: '' };
    return {
      scheme: r.requiredString(source, 'scheme', itemPath),
      value: r.requiredString(source, 'value', itemPath),
    };
  });
}

function checkIndianBuyer(r: FieldReader, buyer: Buyer, ctx: InvoiceContext): void {
  const gstinPath = 'buyer.gstin';
  const unregisteredAllowed =
    ctx.supplyType !== undefined && UNREGISTERED_BUYER_SUPPLIES.includes(ctx.supplyType);
  if (!unregisteredAllowed && ctx.supplyType !== undefined) {
    if (buyer.gstin === UNREGISTERED_PERSON) {
      r.report(
        gstinPath,
        'gstin.format',
        `a ${ctx.supplyType} supply needs the buyer's GSTIN, not "URP"`,
        buyer.gstin,
      );
    } else {
      requireGstin(r, buyer.gstin, gstinPath);
    }
  } else if (buyer.gstin !== undefined && buyer.gstin !== UNREGISTERED_PERSON) {
    requireGstin(r, buyer.gstin, gstinPath);
  }
  const pos = buyer.placeOfSupply;
  if (pos === undefined) return;
  if (!isValidStateCode(pos)) {
    r.report(
      'buyer.placeOfSupply',
      'stateCode.invalid',
      'must be a two-digit GST state code ("96" for exports)',
      pos,
    );
  } else if (
    ctx.supplyType !== undefined &&
    EXPORT_SUPPLIES.includes(ctx.supplyType) &&
    pos !== OTHER_COUNTRY_STATE_CODE
  ) {
    r.report(
      'buyer.placeOfSupply',
      'placeOfSupply.export',
      'the place of supply of an export is "96" (other country)',
      pos,
    );
  }
}

function requireKsaVatNumber(r: FieldReader, vatNumber: string | undefined, path: string): void {
  if (vatNumber === undefined) {
    r.report(path, 'required', 'is required for a Saudi seller');
  } else if (!KSA_VAT_NUMBER.test(vatNumber)) {
    r.report(
      path,
      'vatNumber.format',
      'a KSA VAT number has 15 digits and starts and ends with 3',
      vatNumber,
    );
  }
}
