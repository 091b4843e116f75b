/**
 * What the simulated IRP has registered: one entry per IRN, never removed (cancelled ones stay), every
 * generate request it refused, with NIC's error codes, for GETREJECTEDIRNS, and every generate request
 * it received, so tests can tell a document sent twice (the second one answered 2150) from one sent once.
 */
import type { AppendLog, SandboxStateStore } from '../framework/state-store';
import type { IrpError } from './irp-errors';
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

export interface IrpRejectionRecord {
  /** The GSTIN that sent the request. */
  requestedBy: string;
  sellerGstin: string;
  docType: string;
  docNo: string;
  docDate: string;
  /** The IRN the document would have had, when its details were readable. */
  irn: string | null;
  /** "dd/mm/yyyy" IST day of the rejection. */
  rejectedOn: string;
  /** "yyyy-MM-dd HH:mm:ss" IST. */
  rejectedAt: string;
  errors: IrpError[];
}

/** One document of a generate request as the IRP received it (a bulk call gives one per row). */
export interface IrpGenerateRequest {
  sellerGstin: string;
  docType: string;
  docNo: string;
  docDate: string;
  /** Which API catalog received it ('A' GSP gateway, 'B' /api/v1). */
  channel: string;
  receivedAtMs: number;
  registered: boolean;
  /** NIC's codes when refused ('2150': already registered). */
  errorCodes: string[];
}

export class IrpRegistry {
  private readonly byIrn = new Map<string, IrpRegistration>();
  private readonly rejected: IrpRejectionRecord[] = [];
  private readonly generateRequestLog: IrpGenerateRequest[] = [];
  private ackSequence = 100_000 + Math.floor(Math.random() * 800_000);
  private registrationLog?: AppendLog<IrpRegistration>;
  private rejectionLog?: AppendLog<IrpRejectionRecord>;

  /**
   * Keeps the register under `store` from now on, after loading what it holds: registrations (the last
   * record of each IRN wins: a cancellation or an e-way bill appends it again) and rejections.
   */
  persistTo(store: SandboxStateStore): void {
    this.registrationLog = store.log<IrpRegistration>('registrations');
    this.rejectionLog = store.log<IrpRejectionRecord>('rejections');
    const records = this.registrationLog.read();
    for (const registration of records) {
      this.byIrn.set(registration.irn, registration);
      this.ackSequence = Math.max(this.ackSequence, registration.ackNo % 1e11);
    }
    if (records.length > this.byIrn.size * 2) void this.registrationLog.rewrite([...this.byIrn.values()]);
    this.rejected.push(...this.rejectionLog.read());
  }

  add(registration: IrpRegistration): void {
    if (this.byIrn.has(registration.irn)) throw new Error(`IRN ${registration.irn} already registered`);
    this.byIrn.set(registration.irn, registration);
    this.registrationLog?.append(registration);
  }

  /** Records a change made to a registration in place (cancelled, its e-way bill cancelled). */
  changed(registration: IrpRegistration): void {
    this.registrationLog?.append(registration);
  }

  find(irn: string): IrpRegistration | undefined {
    return this.byIrn.get(irn);
  }

  all(): IrpRegistration[] {
    return [...this.byIrn.values()];
  }

  recordRejection(rejection: IrpRejectionRecord): void {
    this.rejected.push(rejection);
    this.rejectionLog?.append(rejection);
  }

  /** Rejections, oldest first. */
  rejections(): IrpRejectionRecord[] {
    return [...this.rejected];
  }

  recordGenerateRequest(request: IrpGenerateRequest): void {
    this.generateRequestLog.push(request);
  }

  /** Generate requests received, oldest first. */
  generateRequests(): IrpGenerateRequest[] {
    return [...this.generateRequestLog];
  }

  /**
   * Records the e-way bill generated with a registered IRN (GENERATE_EWAYBILL, or EwbDtls at GENERATE):
   * the IRP's view of a bill the e-way bill system holds (src/sandbox/ewaybill).
   */
  attachEwayBill(registration: IrpRegistration, ewayBill: EwayBillRecord): void {
    registration.ewayBill = ewayBill;
    this.registrationLog?.append(registration);
  }

  /** 15 digits: two of the year, "21", then a sequence, like NIC's AckNo. */
  nextAckNo(year: number): number {
    this.ackSequence += 1;
    const yy = year % 100;
    // The digits written side by side, by arithmetic while each part fits its width (always, in practice).
    if (yy >= 0 && this.ackSequence < 1e11) return yy * 1e13 + 21e11 + this.ackSequence;
    return Number(`${String(yy).padStart(2, '0')}21${String(this.ackSequence).padStart(11, '0')}`);
  }
}
