/**
 * The GSTN taxpayer register as the IRP sees it (GSTNDETAILS, SYNC_GSTIN_FROMCP): any check-digit-valid
 * GSTIN is an active regular taxpayer unless listed as inactive, so tests can invent buyers freely.
 */
import { isGstinShape, isValidGstin } from './gstin-check';

export interface TaxpayerDetails {
  Gstin: string;
  TradeName: string;
  LegalName: string;
  AddrBnm: string;
  AddrBno: string;
  AddrFlno: string;
  AddrSt: string;
  AddrLoc: string;
  StateCode: number;
  AddrPncd: number;
  TxpType: string;
  Status: 'ACT' | 'CNL' | 'INA';
  BlkStatus: string;
  DtReg: string;
  DtDReg: string | null;
}

export type TaxpayerLookup = { found: true; details: TaxpayerDetails } | { found: false; code: '3028' };

export class TaxpayerMaster {
  constructor(private readonly inactive: ReadonlySet<string> = new Set()) {}

  lookup(gstin: string): TaxpayerLookup {
    if (!isGstinShape(gstin) || !isValidGstin(gstin)) return { found: false, code: '3028' };
    const stateCode = Number(gstin.slice(0, 2));
    return {
      found: true,
      details: {
        Gstin: gstin,
        TradeName: `Sandbox Trader ${gstin.slice(2, 7)}`,
        LegalName: `Sandbox Legal ${gstin.slice(2, 12)}`,
        AddrBnm: 'Sandbox Towers',
        AddrBno: '1',
        AddrFlno: '',
        AddrSt: 'Main Road',
        AddrLoc: 'Sandbox City',
        StateCode: stateCode,
        AddrPncd: 560001,
        TxpType: 'REG',
        Status: this.inactive.has(gstin) ? 'CNL' : 'ACT',
        BlkStatus: 'U',
        DtReg: '2018-04-01',
        DtDReg: null,
      },
    };
  }
}
