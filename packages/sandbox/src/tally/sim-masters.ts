/** Company, ledger and stock item records as Tally's collection export writes them. */
import type { SimCompany, SimParty } from './sim-company';
import { esc, tag } from './sim-xml';
import { CUSTOM_VOUCHER_TYPES } from './sim-vouchers';

export function companyXml(
  company: SimCompany,
  lastVoucherAlterId: number,
  lastMasterAlterId: number,
  lastDate: string,
): string {
  return (
    `<COMPANY NAME="${esc(company.name)}" RESERVEDNAME="">${tag('NAME', company.name, 'String')}${tag('GUID', company.guid, 'String')}` +
    `${tag('BOOKSFROM', company.booksFrom, 'Date')}${tag('STARTINGFROM', company.booksFrom, 'Date')}${tag('LASTVOUCHERDATE', lastDate, 'Date')}` +
    `<ALTVCHID TYPE="Number"> ${lastVoucherAlterId}</ALTVCHID><ALTMSTID TYPE="Number"> ${lastMasterAlterId}</ALTMSTID>` +
    `<ADDRESS.LIST TYPE="String">${company.address.map((line) => tag('ADDRESS', line)).join('')}</ADDRESS.LIST>` +
    `${tag('STATENAME', company.state, 'String')}${tag('PINCODE', company.pincode, 'String')}${tag('COUNTRYNAME', 'India', 'String')}` +
    `${tag('GSTREGISTRATIONNUMBER', company.gstRegistrationMasters ? '' : company.gstin, 'String')}</COMPANY>`
  );
}

function gstDetails(from: string, hsn: string, rate: number, cessRate = 0): string {
  const cess =
    cessRate > 0
      ? `<RATEDETAILS.LIST>${tag('GSTRATEDUTYHEAD', 'Cess')}${tag('GSTRATE', ` ${cessRate}`, 'Number')}</RATEDETAILS.LIST>`
      : '';
  return (
    `<GSTDETAILS.LIST>${tag('APPLICABLEFROM', from, 'Date')}${hsn ? tag('HSNCODE', hsn, 'String') : ''}${tag('TAXABILITY', 'Taxable')}` +
    `<STATEWISEDETAILS.LIST><STATENAME>&#4; Any</STATENAME>` +
    `<RATEDETAILS.LIST>${tag('GSTRATEDUTYHEAD', 'IGST')}${tag('GSTRATE', ` ${rate}`, 'Number')}</RATEDETAILS.LIST>${cess}` +
    '</STATEWISEDETAILS.LIST></GSTDETAILS.LIST>'
  );
}

function partyLedger(party: SimParty, alterId: number): string {
  const parent = party.supplier ? 'Sundry Creditors' : 'Sundry Debtors';
  const head = `<LEDGER NAME="${esc(party.name)}" RESERVEDNAME="">${tag('NAME', party.name)}${tag('PARENT', parent, 'String')}<ALTERID> ${alterId}</ALTERID>`;
  if (party.datedOnly) {
    const registrations = party.registrations
      .map(
        (r) =>
          `<LEDGSTREGDETAILS.LIST>${tag('APPLICABLEFROM', r.from, 'Date')}${tag('GSTREGISTRATIONTYPE', 'Regular')}${tag('PLACEOFSUPPLY', r.state)}${tag('GSTIN', r.gstin)}</LEDGSTREGDETAILS.LIST>`,
      )
      .join('');
    const mailing = party.registrations
      .map(
        (r) =>
          `<LEDMAILINGDETAILS.LIST><ADDRESS.LIST TYPE="String">${r.address.map((line) => tag('ADDRESS', line)).join('')}</ADDRESS.LIST>` +
          `${tag('APPLICABLEFROM', r.from, 'Date')}${tag('PINCODE', r.pincode)}${tag('MAILINGNAME', party.name)}${tag('STATE', r.state)}${tag('COUNTRY', 'India')}</LEDMAILINGDETAILS.LIST>`,
      )
      .join('');
    return `${head}${registrations}${mailing}</LEDGER>`;
  }
  const r = party.registrations[0];
  return (
    `${head}${tag('MAILINGNAME', party.name)}<ADDRESS.LIST TYPE="String">${r.address.map((line) => tag('ADDRESS', line)).join('')}</ADDRESS.LIST>` +
    `${tag('LEDSTATENAME', r.state)}${tag('COUNTRYNAME', 'India')}${tag('PINCODE', r.pincode)}${tag('PARTYGSTIN', r.gstin)}${tag('GSTREGISTRATIONTYPE', 'Regular')}</LEDGER>`
  );
}

function ledger(name: string, parent: string, inner = ''): string {
  return `<LEDGER NAME="${esc(name)}" RESERVEDNAME="">${tag('NAME', name)}${tag('PARENT', parent, 'String')}${inner}</LEDGER>`;
}

function dutyLedger(name: string, head: string, parent: string): string {
  return ledger(name, parent, `${tag('TAXTYPE', 'GST')}${tag('GSTDUTYHEAD', head)}`);
}

export function* ledgerRecords(company: SimCompany): Generator<string> {
  let alterId = 1;
  for (const party of [...company.parties, ...company.suppliers]) yield partyLedger(party, alterId++);
  yield ledger('Sales GST', 'Sales Accounts');
  yield ledger('Purchase GST', 'Purchase Accounts');
  for (const service of company.services)
    yield ledger(service.name, 'Sales Accounts', gstDetails('20170701', service.sac, service.rate));
  yield dutyLedger('Output CGST', 'Central Tax', 'Duties & Taxes');
  yield dutyLedger('Output SGST', 'State Tax', 'Duties & Taxes');
  yield dutyLedger('Output IGST', 'Integrated Tax', 'Duties & Taxes');
  yield dutyLedger('Cess on Sales', 'Cess', 'Duties & Taxes');
  yield dutyLedger('Input CGST', 'Central Tax', 'Duties & Taxes');
  yield dutyLedger('Input SGST', 'State Tax', 'Duties & Taxes');
  yield dutyLedger('Input IGST', 'Integrated Tax', 'Duties & Taxes');
  yield ledger('Freight Charges', 'Indirect Incomes');
  yield ledger('Round Off', 'Indirect Expenses');
}

export function* stockItemRecords(company: SimCompany): Generator<string> {
  for (const item of company.items) {
    yield (
      `<STOCKITEM NAME="${esc(item.name)}" RESERVEDNAME="">${tag('NAME', item.name)}<PARENT>&#4; Primary</PARENT>` +
      `${tag('BASEUNITS', item.unit, 'String')}` +
      (item.alternate
        ? `${tag('ADDITIONALUNITS', item.alternate.unit, 'String')}<DENOMINATOR TYPE="Number"> ${item.alternate.per}</DENOMINATOR><CONVERSION TYPE="Number"> 1</CONVERSION>`
        : '') +
      `${gstDetails('20170701', item.hsn, item.rate, item.cessRate)}</STOCKITEM>`
    );
  }
}

export function masterCount(company: SimCompany): number {
  return company.parties.length + company.suppliers.length + 13 + company.items.length;
}

/** Voucher type masters: the predefined ones (their own parent, as TallyPrime exports them) and the custom ones. */
export function* voucherTypeRecords(): Generator<string> {
  for (const name of ['Sales', 'Credit Note', 'Debit Note', 'Purchase', 'Journal', 'Receipt'])
    yield `<VOUCHERTYPE NAME="${esc(name)}" RESERVEDNAME="${esc(name)}">${tag('NAME', name)}${tag('PARENT', name, 'String')}</VOUCHERTYPE>`;
  for (const [name, parent] of Object.entries(CUSTOM_VOUCHER_TYPES))
    yield `<VOUCHERTYPE NAME="${esc(name)}" RESERVEDNAME="">${tag('NAME', name)}${tag('PARENT', parent, 'String')}</VOUCHERTYPE>`;
}

/** GST registration masters (TallyPrime 3), when the company keeps its GSTIN there. */
export function* gstRegistrationRecords(company: SimCompany): Generator<string> {
  if (!company.gstRegistrationMasters) return;
  const name = `${company.state} Registration`;
  yield `<TAXUNIT NAME="${esc(name)}" RESERVEDNAME="">${tag('NAME', name)}${tag('GSTREGNUMBER', company.gstin, 'String')}${tag('STATENAME', company.state, 'String')}${tag('GSTREGISTRATIONTYPE', 'Regular', 'String')}</TAXUNIT>`;
}
