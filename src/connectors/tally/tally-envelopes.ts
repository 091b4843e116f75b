/**
 * The XML requests the connector sends. Each export names the company in SVCURRENTCOMPANY (escaped: an
 * unescaped "&" makes Tally answer for no company) and bounds voucher collections by a period, without
 * which Tally silently uses the company's current period.
 */
import { escapeXml } from './xml/xml-escape';
import { toTallyDate } from './tally-values';

export const VOUCHER_COLLECTION = 'ConnectorVouchers';
export const VOUCHER_COUNT_COLLECTION = 'ConnectorVoucherCount';
/**
 * Vouchers are the children of the answer's COLLECTION: CMPINFO also has a <VOUCHER> element (a count),
 * so matching the name anywhere would read it as a voucher.
 */
export const VOUCHER_RECORDS = { childrenOf: 'COLLECTION' };

const VOUCHER_FETCH = [
  'Guid,MasterId,AlterId,Date,EffectiveDate,VoucherTypeName,VoucherNumber,Reference,ReferenceDate',
  'PartyLedgerName,PartyName,PartyMailingName,PartyGSTIN,PartyPinCode,GSTRegistrationType,StateName,CountryOfResidence',
  'PlaceOfSupply,Address,CmpGSTIN,CmpGSTState,IsCancelled,IsDeleted,IsOptional,IsInvoice,PersistedView,Narration',
  'BasicBuyerName,BasicBuyerAddress,ConsigneeGSTIN,ConsigneeStateName,ConsigneePinCode,ConsigneeMailingName',
  'DispatchFromName,DispatchFromStateName,DispatchFromPinCode,DispatchFromPlace,IsReverseChargeApplicable',
  'IRN,IRNAckNo,IRNAckDate,IRNQRCode,IRNCancelled,EWayBillDetails,UDF',
  'AllInventoryEntries,LedgerEntries,AllLedgerEntries',
];

export interface VoucherQuery {
  company: string;
  from: string;
  to: string;
  voucherTypes: readonly string[];
  /** Exclusive lower AlterID bound. */
  alterIdAbove?: number;
  /** Inclusive upper AlterID bound. */
  alterIdAtMost?: number;
  /** Only these vouchers (by GUID), or those carrying one of these IRNs. */
  guids?: readonly string[];
  irns?: readonly string[];
}

function header(type: 'Collection' | 'Data', id: string, tallyRequest = 'Export'): string {
  return `<HEADER><VERSION>1</VERSION><TALLYREQUEST>${tallyRequest}</TALLYREQUEST><TYPE>${type}</TYPE><ID>${id}</ID></HEADER>`;
}

function staticVariables(company?: string, period?: { from: string; to: string }): string {
  const parts = ['<SVEXPORTFORMAT>$$SysName:XML</SVEXPORTFORMAT>'];
  if (company !== undefined) parts.push(`<SVCURRENTCOMPANY>${escapeXml(company)}</SVCURRENTCOMPANY>`);
  if (period) {
    parts.push(`<SVFROMDATE TYPE="Date">${toTallyDate(period.from)}</SVFROMDATE>`);
    parts.push(`<SVTODATE TYPE="Date">${toTallyDate(period.to)}</SVTODATE>`);
  }
  return `<STATICVARIABLES>${parts.join('')}</STATICVARIABLES>`;
}

/** A TDL string literal; Tally has no escape for the double quote, so it cannot occur in names we filter on. */
function tdlString(value: string): string {
  return `"${value.replace(/"/g, '')}"`;
}

function voucherFilters(query: VoucherQuery): { names: string[]; formulae: string } {
  const formulae: [string, string][] = [];
  if (query.voucherTypes.length > 0) {
    const types = query.voucherTypes.map((type) => `$VoucherTypeName = ${tdlString(type)}`).join(' OR ');
    formulae.push(['cnVchType', types]);
  }
  formulae.push([
    'cnPeriod',
    `$Date >= $$Date:${tdlString(toTallyDate(query.from))} AND $Date <= $$Date:${tdlString(toTallyDate(query.to))}`,
  ]);
  if (query.alterIdAbove !== undefined) formulae.push(['cnAlterFrom', `$AlterID > ${query.alterIdAbove}`]);
  if (query.alterIdAtMost !== undefined) formulae.push(['cnAlterTo', `$AlterID <= ${query.alterIdAtMost}`]);
  if (query.guids !== undefined)
    formulae.push(['cnGuid', query.guids.map((guid) => `$GUID = ${tdlString(guid)}`).join(' OR ')]);
  if (query.irns !== undefined)
    formulae.push(['cnIrn', query.irns.map((irn) => `$IRN = ${tdlString(irn)}`).join(' OR ')]);
  return {
    names: formulae.map(([name]) => name),
    formulae: formulae
      .map(([name, formula]) => `<SYSTEM TYPE="Formulae" NAME="${name}">${escapeXml(formula)}</SYSTEM>`)
      .join(''),
  };
}

function envelope(head: string, desc: string): string {
  return `<ENVELOPE>${head}<BODY><DESC>${desc}</DESC></BODY></ENVELOPE>`;
}

/** Every company open in Tally, with the counters and GST facts the connector needs. */
export function listCompaniesRequest(): string {
  return envelope(
    header('Collection', 'ConnectorCompanies'),
    `${staticVariables()}<TDL><TDLMESSAGE><COLLECTION NAME="ConnectorCompanies" ISMODIFY="No"><TYPE>Company</TYPE>` +
      '<FETCH>Name,Guid,BooksFrom,StartingFrom,LastVoucherDate,AltVchId,AltMstId,Address,StateName,PinCode,' +
      'CountryName,Email,PhoneNumber,GSTRegistrationNumber,GSTRegistrationType</FETCH>' +
      '</COLLECTION></TDLMESSAGE></TDL>',
  );
}

/** Full vouchers of the given types in a period, optionally above/at an AlterID or for one GUID/IRN. */
export function vouchersRequest(query: VoucherQuery): string {
  const filters = voucherFilters(query);
  return envelope(
    header('Collection', VOUCHER_COLLECTION),
    `${staticVariables(query.company, query)}<TDL><TDLMESSAGE>` +
      `<COLLECTION NAME="${VOUCHER_COLLECTION}" ISMODIFY="No"><TYPE>Voucher</TYPE>` +
      VOUCHER_FETCH.map((fetch) => `<FETCH>${fetch}</FETCH>`).join('') +
      `<FILTER>${filters.names.join(',')}</FILTER></COLLECTION>${filters.formulae}</TDLMESSAGE></TDL>`,
  );
}

/** How many matching vouchers each day has: plans date windows of at most `batchSize` vouchers. */
export function voucherCountByDateRequest(query: VoucherQuery): string {
  const filters = voucherFilters(query);
  return envelope(
    header('Collection', VOUCHER_COUNT_COLLECTION),
    `${staticVariables(query.company, query)}<TDL><TDLMESSAGE>` +
      `<COLLECTION NAME="ConnectorVoucherSource" ISMODIFY="No"><TYPE>Voucher</TYPE><FILTER>${filters.names.join(',')}</FILTER></COLLECTION>` +
      `<COLLECTION NAME="${VOUCHER_COUNT_COLLECTION}" ISMODIFY="No"><SOURCECOLLECTION>ConnectorVoucherSource</SOURCECOLLECTION>` +
      '<BY>VchDate : $Date</BY><AGGRCOMPUTE>VchCount : SUM : $$Number:1</AGGRCOMPUTE><FETCH>VchDate,VchCount</FETCH></COLLECTION>' +
      `${filters.formulae}</TDLMESSAGE></TDL>`,
  );
}

/** All ledgers with party and GST facts (TallyPrime 3 dated registration and mailing sub-lists included). */
export function ledgersRequest(company: string): string {
  return envelope(
    header('Collection', 'ConnectorLedgers'),
    `${staticVariables(company)}<TDL><TDLMESSAGE><COLLECTION NAME="ConnectorLedgers" ISMODIFY="No"><TYPE>Ledger</TYPE>` +
      '<FETCH>Name,Guid,Parent,MailingName,Address,LedStateName,CountryName,PinCode,Email,LedgerMobile,PartyGSTIN,' +
      'GSTRegistrationType,LedGSTRegDetails,LedMailingDetails,TaxType,GSTDutyHead,RateOfTaxCalculation,GSTDetails,' +
      'GSTApplicable,GSTTypeOfSupply</FETCH></COLLECTION></TDLMESSAGE></TDL>',
  );
}

/** Stock items with units and dated GST details (HSN, rate). */
export function stockItemsRequest(company: string): string {
  return envelope(
    header('Collection', 'ConnectorStockItems'),
    `${staticVariables(company)}<TDL><TDLMESSAGE><COLLECTION NAME="ConnectorStockItems" ISMODIFY="No"><TYPE>StockItem</TYPE>` +
      '<FETCH>Name,Guid,Parent,BaseUnits,Description,GSTDetails,GSTTypeOfSupply</FETCH></COLLECTION></TDLMESSAGE></TDL>',
  );
}

/** Import (Create/Alter) of vouchers given as XML fragments. */
export function importVouchersRequest(company: string, vouchersXml: string): string {
  return (
    `<ENVELOPE>${header('Data', 'Vouchers', 'Import')}<BODY><DESC><STATICVARIABLES>` +
    `<SVCURRENTCOMPANY>${escapeXml(company)}</SVCURRENTCOMPANY></STATICVARIABLES></DESC>` +
    `<DATA><TALLYMESSAGE xmlns:UDF="TallyUDF">\n${vouchersXml}</TALLYMESSAGE></DATA></BODY></ENVELOPE>`
  );
}

/** Voucher type masters with their PARENT: custom sales types are found by the predefined type they descend from. */
export function voucherTypesRequest(company: string): string {
  return envelope(
    header('Collection', 'ConnectorVoucherTypes'),
    `${staticVariables(company)}<TDL><TDLMESSAGE><COLLECTION NAME="ConnectorVoucherTypes" ISMODIFY="No"><TYPE>VoucherType</TYPE>` +
      '<FETCH>Name,Parent</FETCH></COLLECTION></TDLMESSAGE></TDL>',
  );
}

/**
 * TallyPrime 3's GST registration masters (object TaxUnit: one per GSTIN of a company registered in
 * several states), for the seller's GSTIN where the company's own field is empty.
 */
export function gstRegistrationsRequest(company: string): string {
  return envelope(
    header('Collection', 'ConnectorGstRegistrations'),
    `${staticVariables(company)}<TDL><TDLMESSAGE><COLLECTION NAME="ConnectorGstRegistrations" ISMODIFY="No"><TYPE>TaxUnit</TYPE>` +
      '<FETCH>Name,GSTRegNumber,StateName,GSTRegistrationType</FETCH></COLLECTION></TDLMESSAGE></TDL>',
  );
}
