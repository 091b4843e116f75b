/**
 * Seller, buyer, ship-to and dispatch-from of a voucher. Voucher-level values (what was printed on the
 * invoice) win over the party master; the master's dated details apply at the voucher date.
 */
import {
  type Address,
  type Buyer,
  type DispatchFrom,
  type Party,
  type ShipTo,
  fieldError,
  type FieldError,
  gstinStateCode,
  validateGstin,
  OTHER_COUNTRY_STATE_CODE,
  stateCodeForName,
} from '../../domain';
import { applicableOn, type CompanyInfo, type MasterIndex } from './tally-masters';
import { childText, firstChild, listTexts, type TallyNode } from './xml/tally-node';
import { meaningful } from './tally-values';

export interface BuyerFacts {
  buyer: Buyer;
  registrationType: string;
  isForeign: boolean;
}

function isIndia(country: string): boolean {
  return country === '' || /^india$/i.test(country);
}

function address(
  lines: string[],
  stateName: string,
  pincode: string,
  country: string,
  fallback: string,
): Address {
  const [first = fallback, ...rest] = lines;
  const foreign = !isIndia(country);
  return {
    line1: first,
    line2: rest.length > 0 ? rest.join(', ') : undefined,
    city: rest.length > 0 ? (rest[rest.length - 1] ?? stateName) : stateName || first,
    postalCode: pincode || undefined,
    stateCode: foreign ? OTHER_COUNTRY_STATE_CODE : stateCodeForName(stateName),
    countryCode: foreign ? country.slice(0, 2).toUpperCase() : 'IN',
  };
}

function checkGstin(gstin: string, path: string, errors: FieldError[]): void {
  if (gstin === '') return;
  const check = validateGstin(gstin);
  if (!check.valid) errors.push(fieldError(path, check.rule, check.message, gstin));
}

/**
 * The seller's GSTIN, by what says it most precisely: the voucher's CMPGSTIN, the registration the voucher
 * names (TallyPrime 3: GSTREGISTRATION, its TAXREGISTRATION attribute or the registration master by name),
 * the company's own field, else the company's only GST registration master.
 */
function sellerRegistration(
  voucher: TallyNode,
  company: CompanyInfo,
  masters: MasterIndex,
  errors: FieldError[],
): { gstin: string; path: string; stateName: string } {
  const onVoucher = childText(voucher, 'CMPGSTIN');
  if (onVoucher) return { gstin: onVoucher, path: 'voucher.CMPGSTIN', stateName: '' };
  const named = firstChild(voucher, 'GSTREGISTRATION');
  const registrations = masters.gstRegistrations();
  const byName = named
    ? registrations.find((r) => r.name.toLowerCase() === named.text.trim().toLowerCase())
    : undefined;
  const attribute = named?.attrs.TAXREGISTRATION?.trim() ?? '';
  if (attribute || byName)
    return {
      gstin: attribute || byName!.gstin,
      path: 'voucher.GSTREGISTRATION',
      stateName: byName?.stateName ?? '',
    };
  if (company.gstin) return { gstin: company.gstin, path: 'company.GSTREGISTRATIONNUMBER', stateName: '' };
  const usable = registrations.filter((r) => r.gstin !== '');
  if (usable.length === 1)
    return {
      gstin: usable[0].gstin,
      path: `gstRegistration[${usable[0].name}].GSTREGNUMBER`,
      stateName: usable[0].stateName,
    };
  if (usable.length > 1)
    errors.push(
      fieldError(
        'voucher.GSTREGISTRATION',
        'seller.registration',
        `the company has ${usable.length} GST registrations (${usable.map((r) => r.name).join(', ')}) and the voucher names none`,
      ),
    );
  else errors.push(fieldError('company.GSTREGISTRATIONNUMBER', 'required', 'the company has no GSTIN'));
  return { gstin: '', path: 'company.GSTREGISTRATIONNUMBER', stateName: '' };
}

export function readSeller(
  voucher: TallyNode,
  company: CompanyInfo,
  masters: MasterIndex,
  errors: FieldError[],
): Party {
  const registration = sellerRegistration(voucher, company, masters, errors);
  const gstin = registration.gstin.toUpperCase();
  checkGstin(gstin, registration.path, errors);
  const stateName =
    meaningful(childText(voucher, 'CMPGSTSTATE')) || registration.stateName || company.stateName;
  const seller: Party = {
    gstin,
    legalName: company.name,
    address: address(company.address, stateName, company.pincode, company.countryName, company.name),
    email: company.email || undefined,
    phone: company.phone || undefined,
  };
  if (!seller.address.stateCode && gstin.length >= 2) seller.address.stateCode = gstinStateCode(gstin);
  return seller;
}

export function readBuyer(
  voucher: TallyNode,
  date: string | undefined,
  masters: MasterIndex,
  errors: FieldError[],
): BuyerFacts {
  const ledgerName = childText(voucher, 'PARTYLEDGERNAME');
  if (ledgerName === '')
    errors.push(fieldError('voucher.PARTYLEDGERNAME', 'required', 'the voucher has no party'));
  const master = masters.ledger(ledgerName);
  const registration = master ? applicableOn(master.registrations, date) : undefined;
  const mailing = master ? applicableOn(master.mailing, date) : undefined;

  const gstin = (childText(voucher, 'PARTYGSTIN') || registration?.gstin || '').toUpperCase();
  checkGstin(
    gstin,
    childText(voucher, 'PARTYGSTIN') ? 'voucher.PARTYGSTIN' : 'ledger.LEDGSTREGDETAILS.GSTIN',
    errors,
  );
  const voucherAddress = listTexts(voucher, 'ADDRESS.LIST', 'ADDRESS');
  const stateName =
    meaningful(childText(voucher, 'STATENAME')) || mailing?.stateName || registration?.placeOfSupply || '';
  const country = meaningful(childText(voucher, 'COUNTRYOFRESIDENCE')) || mailing?.countryName || 'India';
  const legalName =
    childText(voucher, 'PARTYMAILINGNAME') ||
    childText(voucher, 'PARTYNAME') ||
    mailing?.mailingName ||
    ledgerName;
  const buyerAddress = address(
    voucherAddress.length > 0 ? voucherAddress : (mailing?.address ?? []),
    stateName,
    childText(voucher, 'PARTYPINCODE') || mailing?.pincode || '',
    country,
    legalName,
  );
  if (!buyerAddress.stateCode && gstin.length >= 2 && isIndia(country))
    buyerAddress.stateCode = gstinStateCode(gstin);

  const posName = meaningful(childText(voucher, 'PLACEOFSUPPLY')) || registration?.placeOfSupply || '';
  const placeOfSupply = isIndia(country)
    ? posName
      ? stateCodeForName(posName)
      : buyerAddress.stateCode
    : OTHER_COUNTRY_STATE_CODE;
  if (!placeOfSupply) {
    errors.push(
      fieldError(
        'voucher.PLACEOFSUPPLY',
        'stateCode.unknown',
        'place of supply is not a known Indian state',
        posName,
      ),
    );
  }
  return {
    buyer: {
      gstin: gstin || undefined,
      legalName,
      address: buyerAddress,
      email: master?.email || undefined,
      phone: master?.phone || undefined,
      placeOfSupply,
    },
    registrationType:
      meaningful(childText(voucher, 'GSTREGISTRATIONTYPE')) || registration?.registrationType || '',
    isForeign: !isIndia(country),
  };
}

/** Consignee (ship-to) when the voucher names one that differs from the buyer. */
export function readShipTo(voucher: TallyNode, buyer: Buyer, errors: FieldError[]): ShipTo | undefined {
  const name = childText(voucher, 'CONSIGNEEMAILINGNAME') || childText(voucher, 'BASICBUYERNAME');
  if (name === '') return undefined;
  const gstin = childText(voucher, 'CONSIGNEEGSTIN').toUpperCase();
  checkGstin(gstin, 'voucher.CONSIGNEEGSTIN', errors);
  const lines = listTexts(voucher, 'BASICBUYERADDRESS.LIST', 'BASICBUYERADDRESS');
  const shipTo: ShipTo = {
    gstin: gstin || undefined,
    legalName: name,
    address: address(
      lines,
      meaningful(childText(voucher, 'CONSIGNEESTATENAME')),
      childText(voucher, 'CONSIGNEEPINCODE'),
      'India',
      name,
    ),
  };
  const same =
    shipTo.legalName === buyer.legalName &&
    shipTo.address.line1 === buyer.address.line1 &&
    shipTo.address.postalCode === buyer.address.postalCode;
  return same ? undefined : shipTo;
}

export function readDispatchFrom(voucher: TallyNode): DispatchFrom | undefined {
  const name = childText(voucher, 'DISPATCHFROMNAME');
  if (name === '') return undefined;
  const place = childText(voucher, 'DISPATCHFROMPLACE');
  return {
    name,
    address: address(
      place ? [place] : [],
      meaningful(childText(voucher, 'DISPATCHFROMSTATENAME')),
      childText(voucher, 'DISPATCHFROMPINCODE'),
      'India',
      name,
    ),
  };
}
