/**
 * Every e-way bill the simulated e-way bill system holds, whichever way it was generated: directly
 * (GENEWAYBILL, either catalog) or by the IRP with an IRN (EwbDtls at GENERATE, GENERATE_EWAYBILL). One
 * store, so a document that has a bill one way gets 604 the other way. Bills are never removed
 * (cancelled ones stay); a change appends the record again to the state log and tells the listeners
 * (the IRP keeps its view of by-IRN bills in step).
 */
import type { AppendLog, SandboxStateStore } from '../framework/state-store';

export interface VehicleEntry {
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  transMode: string;
  transDocNo: string;
  transDocDate: string | null;
  enteredAtMs: number;
  /** The GSTIN that entered it. */
  enteredBy: string;
  /** The consolidated bill (trip sheet) that entered it; 0 otherwise. */
  tripSheetNo: number;
}

export interface EwayBillItem {
  itemNo: number;
  productName: string;
  productDesc: string;
  hsnCode: string;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
}

export interface StoredEwayBill {
  ewbNo: string;
  generatedAtMs: number;
  /** The GSTIN that generated it (the user GSTIN). */
  generatorGstin: string;
  /** How it was generated: 'API' (direct) or 'IRN'. */
  genMode: 'API' | 'IRN';
  irn: string | null;
  supplyType: string;
  subSupplyType: string;
  docType: string;
  docNo: string;
  docDate: string;
  transactionType: number;
  from: Party;
  to: Party;
  items: EwayBillItem[];
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  otherValue: number;
  totInvValue: number;
  /** The distance the validity is counted on (after pin-to-pin calculation when 0 was sent). */
  distanceKm: number;
  vehicleType: 'R' | 'O';
  transporterId: string;
  transporterName: string;
  transUpdatedAtMs: number | null;
  /** Newest first, as getewaybill lists them. */
  vehicles: VehicleEntry[];
  /** Null while Part-A only: no validity before Part-B. */
  validUntilMs: number | null;
  extendedTimes: number;
  status: 'ACT' | 'CNL';
  cancelledAtMs: number | null;
  cancelReason: string | null;
  cancelRemark: string | null;
  /** Verified by an officer on the road: it can no longer be cancelled (316). */
  verified: boolean;
}

export interface Party {
  gstin: string;
  tradeName: string;
  addr1: string;
  addr2: string;
  place: string;
  pincode: number;
  stateCode: number;
  actualStateCode: number;
}

export interface ConsolidatedEwayBill {
  cEwbNo: string;
  generatedAtMs: number;
  generatorGstin: string;
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  transMode: string;
  transDocNo: string;
  transDocDate: string | null;
  ewbNos: string[];
}

export type EwayBillListener = (bill: StoredEwayBill) => void;

export class EwayBillStore {
  private readonly byNo = new Map<string, StoredEwayBill>();
  private readonly byDocument = new Map<string, string>();
  private readonly consolidatedByNo = new Map<string, ConsolidatedEwayBill>();
  private readonly listeners: EwayBillListener[] = [];
  private sequence = 1_000_000_000 + Math.floor(Math.random() * 800_000_000);
  private consolidatedSequence = 300_000_000 + Math.floor(Math.random() * 600_000_000);
  private log?: AppendLog<StoredEwayBill>;
  private consolidatedLog?: AppendLog<ConsolidatedEwayBill>;

  /** Keeps the store under `state` from now on, after loading what it holds (last record per bill wins). */
  persistTo(state: SandboxStateStore): void {
    this.log = state.log<StoredEwayBill>('ewaybills');
    this.consolidatedLog = state.log<ConsolidatedEwayBill>('consolidated');
    const records = this.log.read();
    for (const bill of records) this.index(bill);
    for (const trip of this.consolidatedLog.read()) {
      this.consolidatedByNo.set(trip.cEwbNo, trip);
      this.consolidatedSequence = Math.max(this.consolidatedSequence, Number(trip.cEwbNo) % 1e9);
    }
    if (records.length > this.byNo.size * 2) void this.log.rewrite([...this.byNo.values()]);
  }

  onChange(listener: EwayBillListener): void {
    this.listeners.push(listener);
  }

  /** The newest bill generated for this document (generator GSTIN, document type and number), if any. */
  forDocument(generatorGstin: string, docType: string, docNo: string): StoredEwayBill | undefined {
    const ewbNo = this.byDocument.get(documentKey(generatorGstin, docType, docNo));
    return ewbNo ? this.byNo.get(ewbNo) : undefined;
  }

  find(ewbNo: string): StoredEwayBill | undefined {
    return this.byNo.get(ewbNo);
  }

  all(): StoredEwayBill[] {
    return [...this.byNo.values()];
  }

  /**
   * Adds a new bill; false (nothing stored) when its document already has an active one (604). A
   * document whose bill was cancelled may have a new one.
   */
  add(bill: StoredEwayBill): boolean {
    if (this.forDocument(bill.generatorGstin, bill.docType, bill.docNo)?.status === 'ACT') return false;
    this.index(bill);
    this.log?.append(bill);
    this.notify(bill);
    return true;
  }

  /** Records a change made to a bill in place. */
  changed(bill: StoredEwayBill): void {
    this.log?.append(bill);
    this.notify(bill);
  }

  addConsolidated(trip: ConsolidatedEwayBill): void {
    this.consolidatedByNo.set(trip.cEwbNo, trip);
    this.consolidatedLog?.append(trip);
  }

  findConsolidated(cEwbNo: string): ConsolidatedEwayBill | undefined {
    return this.consolidatedByNo.get(cEwbNo);
  }

  /** 12 digits, as the e-way bill system numbers its bills (301002999920). */
  nextEwbNo(): string {
    this.sequence += 1;
    return `3${String(this.sequence % 1e11).padStart(11, '0')}`;
  }

  /** 10 digits, as consolidated bills are numbered (1300004521). */
  nextConsolidatedNo(): string {
    this.consolidatedSequence += 1;
    return `1${String(this.consolidatedSequence % 1e9).padStart(9, '0')}`;
  }

  private index(bill: StoredEwayBill): void {
    this.byNo.set(bill.ewbNo, bill);
    const key = documentKey(bill.generatorGstin, bill.docType, bill.docNo);
    // The document's newest bill, whatever order the records come back in.
    const current = this.byNo.get(this.byDocument.get(key) ?? '');
    if (!current || current.generatedAtMs <= bill.generatedAtMs) this.byDocument.set(key, bill.ewbNo);
    this.sequence = Math.max(this.sequence, Number(bill.ewbNo.slice(1)));
  }

  private notify(bill: StoredEwayBill): void {
    for (const listener of this.listeners) listener(bill);
  }
}

function documentKey(gstin: string, docType: string, docNo: string): string {
  return `${gstin}|${docType.toUpperCase()}|${docNo.toUpperCase()}`;
}
