import { type IsoDate } from '../../../domain';
import { type ExactArithmetic } from '../../../domain/decimal';
import { type IrnFieldError, irnError } from '../irn-field-error';
import { type NicEinvoiceV11 } from '../nic-einvoice-v1.1.types';

export interface RuleOptions {
  /** Today's date in India (YYYY-MM-DD): documents dated later are rejected. */
  today: IsoDate;
}

/** What every rule reads (the payload and facts derived from it once) and where it reports. */
export class RuleContext<V> {
  readonly errors: IrnFieldError[] = [];
  readonly warnings: IrnFieldError[] = [];
  readonly isExport: boolean;
  readonly isSez: boolean;
  readonly withoutPayment: boolean;
  /** IGST (not CGST + SGST) is the tax: inter-state, SEZ, export, or intra-state with IgstOnIntra = Y. */
  readonly igstRegime: boolean;
  readonly intraState: boolean;
  readonly isNote: boolean;
  /** Reverse charge and EXPWP: item and invoice totals may include or exclude tax. */
  readonly taxMayBeExcluded: boolean;

  constructor(
    readonly payload: NicEinvoiceV11,
    readonly options: RuleOptions,
    /** Amounts are read from the payload's numbers with this. */
    readonly arithmetic: ExactArithmetic<V>,
  ) {
    const supplyType = payload.TranDtls?.SupTyp;
    this.isExport = supplyType === 'EXPWP' || supplyType === 'EXPWOP';
    this.isSez = supplyType === 'SEZWP' || supplyType === 'SEZWOP';
    this.withoutPayment = supplyType === 'SEZWOP' || supplyType === 'EXPWOP';
    this.intraState = payload.SellerDtls?.Stcd === payload.BuyerDtls?.Pos;
    this.igstRegime =
      this.isExport || this.isSez || !this.intraState || payload.TranDtls?.IgstOnIntra === 'Y';
    this.isNote = payload.DocDtls?.Typ === 'CRN' || payload.DocDtls?.Typ === 'DBN';
    this.taxMayBeExcluded = payload.TranDtls?.RegRev === 'Y' || supplyType === 'EXPWP';
  }

  fail(nicPath: string, rule: string, message: string, value?: unknown, nicCode?: string): void {
    this.errors.push(irnError(nicPath, rule, message, value, nicCode));
  }

  warn(nicPath: string, rule: string, message: string, value?: unknown, nicCode?: string): void {
    this.warnings.push(irnError(nicPath, rule, message, value, nicCode));
  }
}
