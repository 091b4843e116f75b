/**
 * The GSTN taxpayer register as the IRP sees it (GSTNDETAILS, SYNC_GSTIN_FROMCP): any check-digit-valid
 * GSTIN is an active regular taxpayer unless listed as inactive, so tests can invent buyers freely.
 * The IRP's own master can lag the GST common portal, until SYNC_GSTIN_FROMCP copies the portal's record
 * over: a GSTIN listed as unsynced is not in it at all (3028), one listed as stale is still there as
 * cancelled though the portal has it active again (3029).
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
  private readonly unsynced: Set<string>;
  private readonly stale: Set<string>;
  private readonly syncs: string[] = [];

  constructor(
    private readonly inactive: ReadonlySet<string> = new Set(),
    unsynced: Iterable<string> = [],
    staleInactive: Iterable<string> = [],
  ) {
    this.unsynced = new Set(unsynced);
    this.stale = new Set(staleInactive);
  }

  /** The taxpayer as the IRP's master has it. */
  lookup(gstin: string): TaxpayerLookup {
    if (this.unsynced.has(gstin)) return { found: false, code: '3028' };
    const found = this.atCommonPortal(gstin);
    if (found.found && this.stale.has(gstin)) {
      return { found: true, details: { ...found.details, Status: 'CNL', DtDReg: '2024-04-01' } };
    }
    return found;
  }

  /** The status `lookup` would report, without making up the details: undefined when not found (3028). */
  status(gstin: string): TaxpayerDetails['Status'] | undefined {
    if (this.unsynced.has(gstin)) return undefined;
    const atPortal = this.statusAtCommonPortal(gstin);
    return atPortal && this.stale.has(gstin) ? 'CNL' : atPortal;
  }

  /** SYNC_GSTIN_FROMCP: the taxpayer as the common portal has it, copied into the IRP's master. */
  syncFromCommonPortal(gstin: string): TaxpayerLookup {
    this.syncs.push(gstin);
    const found = this.atCommonPortal(gstin);
    if (found.found) {
      this.unsynced.delete(gstin);
      this.stale.delete(gstin);
    }
    return found;
  }

  /** Every GSTIN a SYNC_GSTIN_FROMCP asked for, in order. */
  syncRequests(): string[] {
    return [...this.syncs];
  }

  private statusAtCommonPortal(gstin: string): TaxpayerDetails['Status'] | undefined {
    if (!isGstinShape(gstin) || !isValidGstin(gstin)) return undefined;
    return this.inactive.has(gstin) ? 'CNL' : 'ACT';
  }

  private atCommonPortal(gstin: string): TaxpayerLookup {
    const status = this.statusAtCommonPortal(gstin);
    if (!status) return { found: false, code: '3028' };
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
        Status: status,
        BlkStatus: 'U',
        DtReg: '2018-04-01',
        DtDReg: null,
      },
    };
  }
}
