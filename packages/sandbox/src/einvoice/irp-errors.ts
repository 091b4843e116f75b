/** NIC error and info entries, in the IRP's own field names and codes. */
export interface IrpError {
  ErrorCode: string;
  ErrorMessage: string;
}

export interface IrpInfo {
  InfCd: string;
  Desc: unknown;
}

export type IrpResult<T> =
  { ok: true; data: T; info?: IrpInfo[] } | { ok: false; errors: IrpError[]; info?: IrpInfo[] };

/**
 * NIC's INV error list. 2174, 2177 and 3039 are worded as real IRP answers quoted by integrators
 * ("2174 : For inter-state transaction, ...", "3039 : Seller Details:Pincode-560009 does not belong to
 * the state-1, 2177 : Invalid item unit code(s)-UNIT"); 2173 is "too many items", not inter-state tax.
 * 2183-2187, 2194 and 2233 are in the list's own words, as ClearTax's e-invoicing API docs mirror it
 * ("Error Source - Government"; "SI nos" as written there): 2183 is the SGST total and 2184 the CGST
 * total. 2265 is worded as a real IRP answer relayed in a platform API's sample response.
 */
const MESSAGES: Record<string, string> = {
  '1005': 'Invalid Token',
  '1008': 'Invalid login credentials',
  '1010': 'Invalid Client-ID/Client-Secret',
  '1015': 'Invalid GSTIN for this user',
  '2140': 'Error while validating invoice',
  '2142': 'Incomplete request parameters',
  '2143': 'Invoice does not belongs to the user GSTIN',
  '2148': 'Requested IRN data is not available',
  '2150': 'Duplicate IRN',
  '2154': 'IRN details are not found',
  '2163': 'The document date should not be future date',
  '2172':
    'For intra-state transaction, IGST amount is not applicable; only CGST and SGST amounts are applicable',
  '2174':
    'For inter-state transaction, CGST and SGST amounts are not applicable; only IGST amount is applicable',
  '2176': 'Invalid HSN code(s)',
  '2177': 'Invalid item unit code(s)-{0}',
  '2182': 'Total assessable value does not match the sum of item assessable values',
  '2183': 'SGST value of all items must be equal to total SGST Value',
  '2184': 'CGST value of all items must be equal to total CGST value',
  '2185': 'IGST value of all items must be equal to total IGST Value',
  '2186': 'Cess value of all items must be equal to total CessValue',
  '2187': 'State Cess Value of all items must be equal to total State CessValue',
  '2189': 'Invalid total invoice value',
  '2193': 'AssAmt value should be equal to (TotAmt - Discount)',
  '2194': 'Invalid total item value for HSN - {0}',
  '2200': 'Invalid state code {0} in dispatch details or ship details',
  '2211': 'Supplier and recipient GSTIN should not be the same',
  '2227': 'SGST and CGST Amounts should be equal for HSN - {0}',
  '2230': 'This IRN cannot be cancelled because e-way bill has been generated; cancel the e-way bill first',
  '2233': 'Duplicate SI nos are not allowed in items',
  '2234': 'Invalid SGST and CGST Amounts for HSN - {0}.',
  '2235': 'IGST amount given with HSN -{0} is Invalid',
  '2240': 'GST rate of tax is incorrect or not as notified',
  '2243': 'POS should be valid state for {0} transaction',
  '2258': 'Supplier GSTIN state code does not match the state code passed in supplier details',
  '2259': 'Invalid supplier state code',
  '2260': 'Invalid recipient state code',
  '2265': 'Recipient GSTIN state code does not match with the state code passed in recipient details',
  '2266': 'Cess amount given with HSN -{0} is invalid',
  '2267': 'State Cess amount given with HSN -{0} is Invalid',
  '2270': 'The allowed cancellation time limit is crossed, you cannot cancel the IRN',
  '2278': 'IRN is already generated and is cancelled for this Document number',
  '2283': 'IRN details cannot be provided as it is generated more than 2 days ago',
  '2302': 'Status of IRN is not active',
  '3028': 'GSTIN is invalid',
  '3029': 'GSTIN is not active',
  '3039': '{0} Details:Pincode-{1} does not belong to the state-{2}',
  '4002': 'EwayBill is already generated for this IRN',
  '4009': 'E-way bill cannot be generated for services',
  '9999': 'Invoice is not active',
};

export function irpError(code: string, detail?: string): IrpError {
  const base = MESSAGES[code] ?? 'Error';
  return { ErrorCode: code, ErrorMessage: detail ? `${base}: ${detail}` : base };
}

/** An error whose NIC message has `{0}`, `{1}`... slots, filled in order (as "Invalid HSN code(s)-{0}"). */
export function irpErrorWith(code: string, ...values: (string | number)[]): IrpError {
  const template = MESSAGES[code] ?? 'Error';
  return {
    ErrorCode: code,
    ErrorMessage: template.replace(/\{(\d+)\}/g, (_slot, i: string) => String(values[Number(i)])),
  };
}

export function irpFailure<T>(code: string, detail?: string, info?: IrpInfo[]): IrpResult<T> {
  return { ok: false, errors: [irpError(code, detail)], info };
}
