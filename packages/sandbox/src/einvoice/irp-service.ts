/**
 * The simulated IRP's operations, independent of the API catalog that exposes them: generate, cancel,
 * get by IRN or document, GSTIN details, e-way bill by IRN, rejected documents, B2C QR. Answers are
 * NIC-shaped data or NIC errors.
 */
import type { SandboxClock } from '../framework/clock';
import { readB2cQrRequest, type B2cQrData } from './b2c-qr';
import { EwayBillStore } from '../ewaybill/ewaybill-store';
import { EwayBillSystem } from '../ewaybill/ewaybill-system';
import { validateIrpInvoice, type IrpInvoiceFacts } from './invoice-validation';
import { irpFailure, type IrpError, type IrpInfo, type IrpResult } from './irp-errors';
import { IrpRegistry, type IrpRegistration } from './irp-registry';
import { istDateTime, istDayMonthYear, parseDayMonthYear } from './ist-time';
import { isObject, numberAt, objectAt, textAt, type JsonObject } from './json-access';
import { nicIrn } from './nic-irn';
import type { NicSigner } from './nic-signer';
import type { TaxpayerDetails, TaxpayerMaster } from './taxpayer-master';

const CANCEL_WINDOW_MS = 24 * 3600_000;
const GET_BY_IRN_WINDOW_MS = 2 * 24 * 3600_000;
const MAX_EWB_DISTANCE_KM = 4000;

/** Who is calling: the GSTIN acting (header) and every GSTIN the credentials may issue for. */
export interface IrpCaller {
  gstin: string;
  allowedGstins: readonly string[];
  channel: string;
}

export interface IrnDetails {
  AckNo: number;
  AckDt: string;
  Irn: string;
  SignedInvoice: string;
  SignedQRCode: string;
  Status: 'ACT' | 'CNL';
  EwbNo: number | null;
  EwbDt: string | null;
  EwbValidTill: string | null;
  Remarks: string | null;
}

export interface EwayBillDetails {
  EwbNo: number;
  EwbDt: string;
  EwbValidTill: string | null;
  Alert?: string | null;
  Status?: 'ACT' | 'CNL';
}

/** A document the IRP refused, as GETREJECTEDIRNS lists it. */
export interface RejectedDocument {
  SellerGstin: string;
  DocTyp: string;
  DocNo: string;
  DocDt: string;
  Irn: string | null;
  RejDt: string;
  ErrorDetails: IrpError[];
}

export interface B2cQrAnswer {
  SellerGstin: string;
  DocTyp: string;
  DocNo: string;
  DocDt: string;
  SignedQRCode: string;
}

export class IrpService {
  readonly registry = new IrpRegistry();
  /** IRNs whose registration is being signed (off the event loop), removed once it is in the registry. */
  private readonly signing = new Map<string, Promise<unknown>>();

  constructor(
    private readonly clock: SandboxClock,
    private readonly signer: NicSigner,
    private readonly taxpayers: TaxpayerMaster,
    /** The e-way bill system its by-IRN bills go to (one store with the direct ones). */
    readonly ewayBills: EwayBillSystem = new EwayBillSystem(new EwayBillStore(), clock),
  ) {
    // A by-IRN bill changed through the e-way bill system (cancelled, Part-B, extended): the IRP's view follows.
    ewayBills.store.onChange((bill) => {
      const registration = bill.irn ? this.registry.find(bill.irn) : undefined;
      const view = registration?.ewayBill;
      if (!registration || !view || String(view.ewbNo) !== bill.ewbNo) return;
      view.status = bill.status;
      view.ewbValidTill = bill.validUntilMs === null ? null : istDateTime(new Date(bill.validUntilMs));
      this.registry.changed(registration);
    });
  }

  /** Registers the document or refuses it; refusals are kept for GETREJECTEDIRNS. */
  async generate(body: unknown, caller: IrpCaller): Promise<IrpResult<IrnDetails>> {
    const result = await this.register(body, caller);
    const document = documentOf(body);
    this.registry.recordGenerateRequest({
      sellerGstin: document.sellerGstin,
      docType: document.docType,
      docNo: document.docNo,
      docDate: document.docDate,
      channel: caller.channel,
      receivedAtMs: this.clock.nowMs(),
      registered: result.ok,
      errorCodes: result.ok ? [] : result.errors.map((error) => error.ErrorCode),
    });
    if (!result.ok) this.recordRejection(document, caller, result.errors);
    return result;
  }

  private async register(body: unknown, caller: IrpCaller): Promise<IrpResult<IrnDetails>> {
    const validation = validateIrpInvoice(body, {
      now: this.clock.now(),
      allowedSellers: caller.allowedGstins,
      taxpayers: this.taxpayers,
    });
    if (!validation.ok) return { ok: false, errors: validation.errors };
    const { facts } = validation;
    const invoice = body as JsonObject;
    const irn = nicIrn(facts.sellerGstin, facts.docDate, facts.docType, facts.docNo);
    // The same document sent again while its first registration is being signed: answered as the IRP
    // answers a repeat, once that registration exists (its registration resumes before this does).
    for (let signing = this.signing.get(irn); signing; signing = this.signing.get(irn)) {
      await signing.then(ignore, ignore);
    }
    const existing = this.registry.find(irn);
    if (existing?.status === 'CNL') return irpFailure('2278');
    if (existing) {
      return irpFailure('2150', undefined, [
        { InfCd: 'DUPIRN', Desc: { AckNo: existing.ackNo, AckDt: existing.ackDt, Irn: existing.irn } },
      ]);
    }
    const now = this.clock.now();
    const ackDt = istDateTime(now);
    const ackNo = this.registry.nextAckNo(Number(ackDt.slice(0, 4)));
    const signing = Promise.all([
      this.signer.sign(signedInvoiceData(invoice, ackNo, ackDt, irn)),
      this.signer.sign(qrData(facts, irn, ackDt)),
    ]);
    this.signing.set(irn, signing);
    let signedInvoice: string;
    let signedQrCode: string;
    try {
      [signedInvoice, signedQrCode] = await signing;
    } finally {
      this.signing.delete(irn);
    }
    const registration: IrpRegistration = {
      irn,
      ackNo,
      ackDt,
      registeredAtMs: now.getTime(),
      sellerGstin: facts.sellerGstin,
      buyerGstin: facts.buyerGstin,
      docType: facts.docType,
      docNo: facts.docNo,
      docDate: facts.docDate,
      status: 'ACT',
      signedInvoice,
      signedQrCode,
      channel: caller.channel,
      invoice,
    };
    const info: IrpInfo[] = [];
    if (facts.ewb && !facts.items.every((item) => item.isService)) {
      const ewb = this.createEwayBill(registration, facts.ewb, facts);
      // The IRN stands when its e-way bill is refused; the refusal comes back as EWBERR information.
      info.push(...(ewb.ok ? ewb.info : [{ InfCd: 'EWBERR', Desc: ewb.errors }]));
    }
    this.registry.add(registration);
    return { ok: true, data: this.details(registration), info: info.length > 0 ? info : undefined };
  }

  cancel(body: unknown, caller: IrpCaller): IrpResult<{ Irn: string; CancelDate: string }> {
    const request = (body ?? {}) as JsonObject;
    const irn = textAt(request, 'Irn');
    const reason = textAt(request, 'CnlRsn');
    const remark = textAt(request, 'CnlRem') ?? '';
    if (!irn || !reason) return irpFailure('2142', 'Irn and CnlRsn are required');
    if (!['1', '2', '3', '4'].includes(reason)) return irpFailure('2140', 'CnlRsn must be 1, 2, 3 or 4');
    if (remark.length > 100) return irpFailure('2140', 'CnlRem must be at most 100 characters');
    const registration = this.owned(irn, caller);
    if (!registration) return irpFailure('2154');
    if (registration.status === 'CNL') return irpFailure('9999');
    if (registration.ewayBill?.status === 'ACT') return irpFailure('2230');
    const now = this.clock.now();
    if (now.getTime() - registration.registeredAtMs > CANCEL_WINDOW_MS) return irpFailure('2270');
    registration.status = 'CNL';
    registration.cancelDate = istDateTime(now);
    registration.cancelReason = reason;
    registration.cancelRemark = remark;
    this.registry.changed(registration);
    return { ok: true, data: { Irn: irn, CancelDate: registration.cancelDate } };
  }

  getByIrn(irn: string, caller: IrpCaller): IrpResult<IrnDetails> {
    const registration = this.owned(irn, caller);
    if (!registration) return irpFailure('2148');
    if (this.clock.nowMs() - registration.registeredAtMs > GET_BY_IRN_WINDOW_MS) return irpFailure('2283');
    return { ok: true, data: this.details(registration) };
  }

  getByDocument(docType: string, docNo: string, docDate: string, caller: IrpCaller): IrpResult<IrnDetails> {
    if (!docType || !docNo || !docDate) return irpFailure('2142', 'doctype, docnum and docdate are required');
    let irn: string;
    try {
      irn = nicIrn(caller.gstin, docDate, docType.toUpperCase(), docNo);
    } catch {
      return irpFailure('2140', 'docdate must be dd/mm/yyyy');
    }
    const registration = this.owned(irn, caller);
    if (!registration || registration.docDate !== docDate) return irpFailure('2148');
    return { ok: true, data: this.details(registration) };
  }

  gstinDetails(gstin: string): IrpResult<TaxpayerDetails> {
    const lookup = this.taxpayers.lookup(gstin);
    return lookup.found ? { ok: true, data: lookup.details } : irpFailure(lookup.code);
  }

  syncGstinFromCp(gstin: string): IrpResult<TaxpayerDetails> {
    const lookup = this.taxpayers.syncFromCommonPortal(gstin);
    return lookup.found ? { ok: true, data: lookup.details } : irpFailure(lookup.code);
  }

  /** Every GSTIN a SYNC_GSTIN_FROMCP asked for, in order. */
  gstinSyncs(): string[] {
    return this.taxpayers.syncRequests();
  }

  generateEwayBill(body: unknown, caller: IrpCaller): IrpResult<EwayBillDetails> {
    const request = (body ?? {}) as JsonObject;
    const irn = textAt(request, 'Irn');
    if (!irn) return irpFailure('2142', 'Irn is required');
    const registration = this.owned(irn, caller);
    if (!registration) return irpFailure('2148');
    if (registration.status !== 'ACT') return irpFailure('2302');
    if (registration.ewayBill?.status === 'ACT') return irpFailure('4002');
    const distance = request.Distance === undefined ? 0 : numberAt(request, 'Distance');
    if (distance === undefined || distance < 0 || distance > MAX_EWB_DISTANCE_KM) {
      return irpFailure('2140', `Distance must be 0 to ${MAX_EWB_DISTANCE_KM} km`);
    }
    const vehType = textAt(request, 'VehType');
    if (vehType !== undefined && vehType !== 'R' && vehType !== 'O') {
      return irpFailure('2140', 'VehType must be R (regular) or O (over-dimensional cargo)');
    }
    const items = (registration.invoice.ItemList as JsonObject[]).map((item) => ({
      hsn: textAt(item, 'HsnCd') ?? '',
      totItemVal: numberAt(item, 'TotItemVal') ?? 0,
      isService: textAt(item, 'IsServc') === 'Y',
    }));
    if (items.every((item) => item.isService)) return irpFailure('4009');
    const created = this.createEwayBill(registration, request, {
      sellerPin: numberAt(registration.invoice.SellerDtls as JsonObject, 'Pin'),
      buyerPin: numberAt(registration.invoice.BuyerDtls as JsonObject, 'Pin'),
      totInvVal: numberAt(registration.invoice.ValDtls as JsonObject, 'TotInvVal') ?? 0,
    });
    if (!created.ok) return { ok: false, errors: created.errors };
    const ewb = registration.ewayBill!;
    return {
      ok: true,
      data: { EwbNo: ewb.ewbNo, EwbDt: ewb.ewbDt, EwbValidTill: ewb.ewbValidTill, Alert: null },
      info: created.info,
    };
  }

  getEwayBillByIrn(irn: string, caller: IrpCaller): IrpResult<EwayBillDetails> {
    const ewb = this.owned(irn, caller)?.ewayBill;
    if (!ewb) return irpFailure('2148');
    return {
      ok: true,
      data: { EwbNo: ewb.ewbNo, EwbDt: ewb.ewbDt, EwbValidTill: ewb.ewbValidTill, Status: ewb.status },
    };
  }

  /** Documents this IRP refused on the IST day `date` (dd/mm/yyyy) for the caller's GSTINs. */
  rejectedIrns(date: string, caller: IrpCaller): IrpResult<RejectedDocument[]> {
    if (!parseDayMonthYear(date)) return irpFailure('2140', 'date must be dd/mm/yyyy');
    const data = this.registry
      .rejections()
      .filter((record) => record.rejectedOn === date && caller.allowedGstins.includes(record.requestedBy))
      .map((record) => ({
        SellerGstin: record.sellerGstin,
        DocTyp: record.docType,
        DocNo: record.docNo,
        DocDt: record.docDate,
        Irn: record.irn,
        RejDt: record.rejectedAt,
        ErrorDetails: record.errors,
      }));
    return { ok: true, data };
  }

  /** Signs a B2C invoice's dynamic QR; nothing is registered (B2C documents have no IRN). */
  b2cQr(body: unknown, caller: IrpCaller): IrpResult<B2cQrAnswer> {
    const read = readB2cQrRequest(body, { now: this.clock.now(), allowedSellers: caller.allowedGstins });
    if (!read.ok) return read;
    const qr: B2cQrData = read.data;
    return {
      ok: true,
      data: {
        SellerGstin: qr.SellerGstin,
        DocTyp: qr.DocTyp,
        DocNo: qr.DocNo,
        DocDt: qr.DocDt,
        SignedQRCode: this.signer.signNow(qr),
      },
    };
  }

  /** The signed QR of a registered IRN (within the same 2-day window as GETIRN). */
  signedQr(irn: string, caller: IrpCaller): IrpResult<{ Irn: string; SignedQRCode: string }> {
    const found = this.getByIrn(irn, caller);
    return found.ok
      ? { ok: true, data: { Irn: found.data.Irn, SignedQRCode: found.data.SignedQRCode } }
      : found;
  }

  /** Cancels a by-IRN bill as the e-way bill system would (tests): the IRN becomes cancellable. */
  cancelEwayBill(ewbNo: number): boolean {
    const bill = this.ewayBills.store.find(String(ewbNo));
    if (!bill?.irn) return false;
    bill.status = 'CNL';
    bill.cancelledAtMs = this.clock.nowMs();
    this.ewayBills.store.changed(bill);
    return true;
  }

  private recordRejection(document: GenerateDocument, caller: IrpCaller, errors: IrpError[]): void {
    const { sellerGstin, docType, docNo, docDate } = document;
    let irn: string | null = null;
    try {
      if (sellerGstin && docType && docNo) irn = nicIrn(sellerGstin, docDate, docType, docNo);
    } catch {
      irn = null;
    }
    const now = this.clock.now();
    this.registry.recordRejection({
      requestedBy: caller.gstin,
      sellerGstin,
      docType,
      docNo,
      docDate,
      irn,
      rejectedOn: istDayMonthYear(now),
      rejectedAt: istDateTime(now),
      errors,
    });
  }

  private owned(irn: string, caller: IrpCaller): IrpRegistration | undefined {
    const registration = this.registry.find(irn);
    return registration && caller.allowedGstins.includes(registration.sellerGstin) ? registration : undefined;
  }

  private details(registration: IrpRegistration): IrnDetails {
    const ewb = registration.ewayBill;
    return {
      AckNo: registration.ackNo,
      AckDt: registration.ackDt,
      Irn: registration.irn,
      SignedInvoice: registration.signedInvoice,
      SignedQRCode: registration.signedQrCode,
      Status: registration.status,
      EwbNo: ewb?.ewbNo ?? null,
      EwbDt: ewb?.ewbDt ?? null,
      EwbValidTill: ewb?.ewbValidTill ?? null,
      Remarks: null,
    };
  }

  private createEwayBill(
    registration: IrpRegistration,
    transport: JsonObject,
    invoice: Pick<IrpInvoiceFacts, 'sellerPin' | 'buyerPin' | 'totInvVal'>,
  ): { ok: true; info: IrpInfo[] } | { ok: false; errors: IrpError[] } {
    const vehicleType = textAt(transport, 'VehType') === 'O' ? 'O' : 'R';
    const generated = this.ewayBills.generateByIrn({
      irn: registration.irn,
      sellerGstin: registration.sellerGstin,
      buyerGstin: registration.buyerGstin,
      docType: registration.docType,
      docNo: registration.docNo,
      docDate: registration.docDate,
      fromPincode: invoice.sellerPin ?? 0,
      toPincode: invoice.buyerPin ?? 0,
      distanceKm: numberAt(transport, 'Distance') ?? 0,
      transMode: textAt(transport, 'TransMode') ?? '',
      transporterId: textAt(transport, 'TransId') ?? '',
      transporterName: textAt(transport, 'TransName') ?? '',
      transDocNo: textAt(transport, 'TransDocNo') ?? '',
      transDocDate: textAt(transport, 'TransDocDt') ?? '',
      vehicleNo: textAt(transport, 'VehNo') ?? '',
      vehicleType,
      totalValue: invoice.totInvVal,
    });
    if (!generated.ok) return generated;
    const { bill, computedDistance } = generated.data;
    this.registry.attachEwayBill(registration, {
      ewbNo: Number(bill.ewbNo),
      ewbDt: istDateTime(new Date(bill.generatedAtMs)),
      ewbValidTill: bill.validUntilMs === null ? null : istDateTime(new Date(bill.validUntilMs)),
      status: 'ACT',
    });
    const info: IrpInfo[] = computedDistance
      ? [{ InfCd: 'EWBPPD', Desc: `Pin-Pin calc distance: ${bill.distanceKm}KM` }]
      : [];
    return { ok: true, info };
  }
}

function ignore(): void {}

interface GenerateDocument {
  sellerGstin: string;
  docType: string;
  docNo: string;
  docDate: string;
}

/** The document a generate request names, as far as its body can be read. */
function documentOf(body: unknown): GenerateDocument {
  const request = isObject(body) ? body : {};
  const doc = objectAt(request, 'DocDtls');
  return {
    sellerGstin: textAt(objectAt(request, 'SellerDtls'), 'Gstin') ?? '',
    docType: textAt(doc, 'Typ')?.toUpperCase() ?? '',
    docNo: textAt(doc, 'No') ?? '',
    docDate: textAt(doc, 'Dt') ?? '',
  };
}

function signedInvoiceData(invoice: JsonObject, ackNo: number, ackDt: string, irn: string): JsonObject {
  const items = (invoice.ItemList as JsonObject[]).map((item) => ({ ItemNo: 0, ...item }));
  return { AckNo: ackNo, AckDt: ackDt, Irn: irn, ...invoice, ItemList: items };
}

function qrData(facts: IrpInvoiceFacts, irn: string, irnDate: string): JsonObject {
  const main = facts.items.reduce((best, item) => (item.totItemVal > best.totItemVal ? item : best));
  return {
    SellerGstin: facts.sellerGstin,
    BuyerGstin: facts.buyerGstin,
    DocNo: facts.docNo,
    DocTyp: facts.docType,
    DocDt: facts.docDate,
    TotInvVal: facts.totInvVal,
    ItemCnt: facts.items.length,
    MainHsnCode: main.hsn,
    Irn: irn,
    IrnDt: irnDate,
  };
}
