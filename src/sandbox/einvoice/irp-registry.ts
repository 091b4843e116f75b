/** What the simulated IRP has registered: one entry per IRN, never removed (cancelled ones stay). */
import type { JsonObject } from './json-access';

export interface EwayBillRecord {
  ewbNo: number;
  ewbDt: string;
  ewbValidTill: string | null;
  status: 'ACT' | 'CNL';
}

export interface IrpRegistration {
  irn: string;
  ackNo: number;
  ackDt: string;
  registeredAtMs: number;
  sellerGstin: string;
  buyerGstin: string;
  docType: string;
  docNo: string;
  docDate: string;
  status: 'ACT' | 'CNL';
  cancelDate?: string;
  cancelReason?: string;
  cancelRemark?: string;
  signedInvoice: string;
  signedQrCode: string;
  ewayBill?: EwayBillRecord;
  /** Which API catalog registered it ('A' GSP gateway, 'B' /api/v1). */
  channel: string;
  invoice: JsonObject;
}

export class IrpRegistry {
  private readonly byIrn = new Map<string, IrpRegistration>();
  private ackSequence = 100_000 + Math.floor(Math.random() * 800_000);
  private ewbSequence = 10_000_000 + Math.floor(Math.random() * 80_000_000);

  add(registration: IrpRegistration): void {
    if (this.byIrn.has(registration.irn)) throw new Error(`IRN ${registration.irn} already registered`);
    this.byIrn.set(registration.irn, registration);
  }

  find(irn: string): IrpRegistration | undefined {
    return this.byIrn.get(irn);
  }

  all(): IrpRegistration[] {
    return [...this.byIrn.values()];
  }

  findByEwayBill(ewbNo: number): IrpRegistration | undefined {
    return this.all().find((registration) => registration.ewayBill?.ewbNo === ewbNo);
  }

  /** 15 digits: two of the year, "21", then a sequence, like NIC's AckNo. */
  nextAckNo(year: number): number {
    this.ackSequence += 1;
    return Number(`${String(year % 100).padStart(2, '0')}21${String(this.ackSequence).padStart(11, '0')}`);
  }

  /** 12 digits starting 39, like the e-way bills the IRP returns. */
  nextEwbNo(): number {
    this.ewbSequence += 1;
    return Number(`39${String(this.ewbSequence).padStart(10, '0')}`);
  }
}
