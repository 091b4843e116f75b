/**
 * The simulated e-way bill system's operations, independent of the API catalog that exposes them:
 * generate (direct, or for the IRP with an IRN), Part-B update, extension, cancellation, transporter
 * update, consolidated bill, details. Answers are NIC-shaped data (reference
 * irp_ewb_api_envelopes_and_samples.json ewaybill_nic_direct and the india_compliance captures) or NIC
 * error codes; every time rule is judged by the sandbox clock.
 */
import type { SandboxClock } from '../framework/clock';
import { ewayBillDateTime } from '../einvoice/ist-time';
import { isObject, numberAt, textAt, type JsonObject } from '../einvoice/json-access';
import { ewayBillFailure, type EwayBillResult } from './ewaybill-errors';
import { pinToPinDistanceKm, readGenerateRequest } from './ewaybill-generation';
import {
  CANCEL_REASONS,
  CANCEL_REMARK_MAX,
  EXTENSION_REASONS,
  extensionLimitMs,
  isGstin,
  isVehicleNumber,
  PART_B_REASONS,
  TRANS_MODES,
  withinCancelWindow,
  withinExtensionWindow,
} from './ewaybill-rules';
import type {
  ConsolidatedEwayBill,
  EwayBillStore,
  Party,
  StoredEwayBill,
  VehicleEntry,
} from './ewaybill-store';
import { ewayBillValidityDays, ewayBillValidUntilMs } from './ewaybill-validity';

/** Who is calling: the GSTIN acting (header or session) and every GSTIN the credentials may act for. */
export interface EwayBillCaller {
  gstin: string;
}

export interface Generated {
  ewayBillNo: number;
  ewayBillDate: string;
  validUpto: string | null;
  alert: string;
}

/** What the IRP hands over to generate a bill with an IRN. */
export interface ByIrnRequest {
  irn: string;
  sellerGstin: string;
  buyerGstin: string;
  docType: string;
  docNo: string;
  docDate: string;
  fromPincode: number;
  toPincode: number;
  distanceKm: number;
  transMode: string;
  transporterId: string;
  transporterName: string;
  transDocNo: string;
  transDocDate: string;
  vehicleNo: string;
  vehicleType: 'R' | 'O';
  totalValue: number;
}

/** A direct generate request as the system answered it: 'generated' or the error codes. */
export interface GenerateRequestRecord {
  docNo: string;
  answered: string;
}

export class EwayBillSystem {
  private readonly requests: GenerateRequestRecord[] = [];

  constructor(
    readonly store: EwayBillStore,
    private readonly clock: SandboxClock,
  ) {}

  /** Every direct generate request since start, in order (what a test counts sends by). */
  generateRequests(): GenerateRequestRecord[] {
    return [...this.requests];
  }

  generate(body: unknown, caller: EwayBillCaller): EwayBillResult<Generated> {
    const result = this.tryGenerate(body, caller);
    const docNo = body !== null && typeof body === 'object' ? (body as { docNo?: unknown }).docNo : undefined;
    this.requests.push({
      docNo: typeof docNo === 'string' ? docNo : '',
      answered: result.ok ? 'generated' : result.errors.map((e) => e.ErrorCode).join(','),
    });
    return result;
  }

  private tryGenerate(body: unknown, caller: EwayBillCaller): EwayBillResult<Generated> {
    const now = this.clock.nowMs();
    const read = readGenerateRequest(body, caller.gstin, now);
    if (!read.ok) return read;
    const facts = read.facts;
    if (this.store.forDocument(caller.gstin, facts.docType, facts.docNo)?.status === 'ACT') {
      return ewayBillFailure('604');
    }
    const computed = facts.distanceKm === 0;
    const distanceKm = computed ? pinToPinDistanceKm(facts.from.pincode, facts.to.pincode) : facts.distanceKm;
    const bill: StoredEwayBill = {
      ewbNo: this.store.nextEwbNo(),
      generatedAtMs: now,
      generatorGstin: caller.gstin,
      genMode: 'API',
      irn: null,
      supplyType: facts.supplyType,
      subSupplyType: facts.subSupplyType,
      docType: facts.docType,
      docNo: facts.docNo,
      docDate: facts.docDate,
      transactionType: facts.transactionType,
      from: facts.from,
      to: facts.to,
      items: facts.items,
      totalValue: facts.totalValue,
      cgstValue: facts.cgstValue,
      sgstValue: facts.sgstValue,
      igstValue: facts.igstValue,
      cessValue: facts.cessValue,
      otherValue: facts.otherValue,
      totInvValue: facts.totInvValue,
      distanceKm,
      vehicleType: facts.vehicleType,
      transporterId: facts.transporterId,
      transporterName: facts.transporterName,
      transUpdatedAtMs: null,
      vehicles: [],
      validUntilMs: null,
      extendedTimes: 0,
      status: 'ACT',
      cancelledAtMs: null,
      cancelReason: null,
      cancelRemark: null,
      verified: false,
    };
    if (facts.partB) {
      bill.vehicles.push({
        vehicleNo: facts.partB.vehicleNo,
        fromPlace: facts.from.place,
        fromState: facts.from.actualStateCode,
        transMode: facts.partB.transMode,
        transDocNo: facts.partB.transDocNo,
        transDocDate: facts.partB.transDocDate,
        enteredAtMs: now,
        enteredBy: caller.gstin,
        tripSheetNo: 0,
      });
      bill.validUntilMs = ewayBillValidUntilMs(now, distanceKm, facts.vehicleType === 'O');
    }
    if (!this.store.add(bill)) return ewayBillFailure('604');
    return {
      ok: true,
      data: {
        ewayBillNo: Number(bill.ewbNo),
        ewayBillDate: ewayBillDateTime(new Date(now)),
        validUpto: bill.validUntilMs === null ? null : ewayBillDateTime(new Date(bill.validUntilMs)),
        alert: computed ? `, Distance between these two pincodes is ${distanceKm}, ` : '',
      },
    };
  }

  /** For the IRP: the bill of a registered IRN; 604 when the document already has one. */
  generateByIrn(request: ByIrnRequest): EwayBillResult<{ bill: StoredEwayBill; computedDistance: boolean }> {
    if (this.store.forDocument(request.sellerGstin, request.docType, request.docNo)?.status === 'ACT') {
      return ewayBillFailure('604');
    }
    const now = this.clock.nowMs();
    const computedDistance = request.distanceKm <= 0;
    const distanceKm = computedDistance
      ? pinToPinDistanceKm(request.fromPincode, request.toPincode)
      : request.distanceKm;
    const hasPartB = request.vehicleNo !== '' || request.transDocNo !== '';
    const party = (gstin: string, pincode: number): Party => ({
      gstin,
      tradeName: '',
      addr1: '',
      addr2: '',
      place: '',
      pincode,
      stateCode: Number(gstin.slice(0, 2)) || 0,
      actualStateCode: Number(gstin.slice(0, 2)) || 0,
    });
    const bill: StoredEwayBill = {
      ewbNo: this.store.nextEwbNo(),
      generatedAtMs: now,
      generatorGstin: request.sellerGstin,
      genMode: 'IRN',
      irn: request.irn,
      supplyType: 'O',
      subSupplyType: '1',
      docType: request.docType,
      docNo: request.docNo,
      docDate: request.docDate,
      transactionType: 1,
      from: party(request.sellerGstin, request.fromPincode),
      to: party(request.buyerGstin, request.toPincode),
      items: [],
      totalValue: request.totalValue,
      cgstValue: 0,
      sgstValue: 0,
      igstValue: 0,
      cessValue: 0,
      otherValue: 0,
      totInvValue: request.totalValue,
      distanceKm,
      vehicleType: request.vehicleType,
      transporterId: request.transporterId,
      transporterName: request.transporterName,
      transUpdatedAtMs: null,
      vehicles: hasPartB
        ? [
            {
              vehicleNo: request.vehicleNo,
              fromPlace: '',
              fromState: Number(request.sellerGstin.slice(0, 2)) || 0,
              transMode: request.transMode || '1',
              transDocNo: request.transDocNo,
              transDocDate: request.transDocDate || null,
              enteredAtMs: now,
              enteredBy: request.sellerGstin,
              tripSheetNo: 0,
            },
          ]
        : [],
      validUntilMs: hasPartB ? ewayBillValidUntilMs(now, distanceKm, request.vehicleType === 'O') : null,
      extendedTimes: 0,
      status: 'ACT',
      cancelledAtMs: null,
      cancelReason: null,
      cancelRemark: null,
      verified: false,
    };
    if (!this.store.add(bill)) return ewayBillFailure('604');
    return { ok: true, data: { bill, computedDistance } };
  }

  /** VEHEWB: a vehicle (Part-B) entered or changed; the first one starts the validity. */
  updatePartB(
    body: unknown,
    caller: EwayBillCaller,
  ): EwayBillResult<{ vehUpdDate: string; validUpto: string }> {
    const request = fields(body);
    const found = this.movable(request, caller);
    if (!found.ok) return found;
    const bill = found.data;
    const reason = textAt(request, 'reasonCode') ?? '';
    const remark = textAt(request, 'reasonRem') ?? '';
    if (reason === '' || remark === '') return ewayBillFailure('386');
    if (!PART_B_REASONS.has(reason)) return ewayBillFailure('307');
    const transport = readTransport(request);
    if (!transport.ok) return transport;
    const now = this.clock.nowMs();
    if (bill.validUntilMs !== null && now > bill.validUntilMs) return ewayBillFailure('311');
    const vehicleType = textAt(request, 'vehicleType');
    if (vehicleType === 'O' || vehicleType === 'R') bill.vehicleType = vehicleType;
    bill.vehicles.unshift({ ...transport.data, enteredAtMs: now, enteredBy: caller.gstin, tripSheetNo: 0 });
    bill.validUntilMs ??= ewayBillValidUntilMs(now, bill.distanceKm, bill.vehicleType === 'O');
    this.store.changed(bill);
    return {
      ok: true,
      data: {
        vehUpdDate: ewayBillDateTime(new Date(now)),
        validUpto: ewayBillDateTime(new Date(bill.validUntilMs)),
      },
    };
  }

  /**
   * EXTENDVALIDITY: only from 8 hours before to 8 hours after the end of validity, with the remaining
   * distance (not more than the bill's) and a reason; the new validity counts from now as generation
   * does, never beyond 360 days from generation.
   */
  extendValidity(
    body: unknown,
    caller: EwayBillCaller,
  ): EwayBillResult<{ ewayBillNo: string; updatedDate: string; validUpto: string }> {
    const request = fields(body);
    const ewbNo = textAt(request, 'ewbNo') ?? '';
    if (!/^[0-9]{12}$/.test(ewbNo)) return ewayBillFailure('131');
    const bill = this.store.find(ewbNo);
    if (!bill || !this.mayMove(bill, caller)) return ewayBillFailure('384');
    if (bill.status === 'CNL') return ewayBillFailure('379');
    if (bill.validUntilMs === null) return ewayBillFailure('381');
    const reason = textAt(request, 'extnRsnCode') ?? '';
    const remark = textAt(request, 'extnRemarks') ?? '';
    if (reason === '' || remark === '') return ewayBillFailure('386');
    if (!EXTENSION_REASONS.has(reason)) return ewayBillFailure('307');
    const remaining = numberAt(request, 'remainingDistance');
    if (remaining === undefined || remaining <= 0) return ewayBillFailure('389');
    if (remaining > bill.distanceKm) return ewayBillFailure('390');
    const now = this.clock.nowMs();
    if (!withinExtensionWindow(bill.validUntilMs, now)) return ewayBillFailure('382');
    const status = textAt(request, 'consignmentStatus') ?? '';
    let vehicle: Omit<VehicleEntry, 'enteredAtMs' | 'enteredBy' | 'tripSheetNo'> | undefined;
    if (status === 'M') {
      const transport = readTransport(request);
      if (!transport.ok) return transport;
      vehicle = transport.data;
    } else if (status === 'T') {
      if (!['R', 'W', 'O'].includes(textAt(request, 'transitType') ?? '')) return ewayBillFailure('705');
      for (const [key, code] of [
        ['addressLine1', '706'],
        ['addressLine2', '707'],
        ['addressLine3', '708'],
      ] as const) {
        if (!textAt(request, key)) return ewayBillFailure(code);
      }
    } else {
      return ewayBillFailure('380');
    }
    const validUntil = ewayBillValidUntilMs(now, remaining, bill.vehicleType === 'O');
    if (validUntil > extensionLimitMs(bill.generatedAtMs)) return ewayBillFailure('821');
    if (vehicle)
      bill.vehicles.unshift({ ...vehicle, enteredAtMs: now, enteredBy: caller.gstin, tripSheetNo: 0 });
    bill.validUntilMs = validUntil;
    bill.extendedTimes += 1;
    this.store.changed(bill);
    return {
      ok: true,
      data: {
        ewayBillNo: ewbNo,
        updatedDate: ewayBillDateTime(new Date(now)),
        validUpto: ewayBillDateTime(new Date(validUntil)),
      },
    };
  }

  /** CANEWB: by its generator, while active and not verified, within 24 hours of generation. */
  cancel(body: unknown, caller: EwayBillCaller): EwayBillResult<{ ewayBillNo: string; cancelDate: string }> {
    const request = fields(body);
    const ewbNo = textAt(request, 'ewbNo') ?? '';
    const reason = textAt(request, 'cancelRsnCode');
    const remark = textAt(request, 'cancelRmrk');
    if (!reason || !remark) return ewayBillFailure('386');
    if (!/^[0-9]{12}$/.test(ewbNo)) return ewayBillFailure('131');
    if (!CANCEL_REASONS.has(reason)) return ewayBillFailure('307');
    if (remark.length > CANCEL_REMARK_MAX) return ewayBillFailure('308');
    const bill = this.store.find(ewbNo);
    if (
      bill &&
      bill.status === 'ACT' &&
      bill.transporterId === caller.gstin &&
      bill.generatorGstin !== caller.gstin
    ) {
      return ewayBillFailure('348');
    }
    if (!bill || bill.generatorGstin !== caller.gstin || bill.status !== 'ACT') return ewayBillFailure('312');
    if (bill.verified) return ewayBillFailure('316');
    const now = this.clock.nowMs();
    if (!withinCancelWindow(bill.generatedAtMs, now)) return ewayBillFailure('728');
    bill.status = 'CNL';
    bill.cancelledAtMs = now;
    bill.cancelReason = reason;
    bill.cancelRemark = remark;
    this.store.changed(bill);
    return { ok: true, data: { ewayBillNo: ewbNo, cancelDate: ewayBillDateTime(new Date(now)) } };
  }

  /** UPDATETRANSPORTER: the generator assigns the transporter of an active, unexpired bill. */
  updateTransporter(
    body: unknown,
    caller: EwayBillCaller,
  ): EwayBillResult<{ ewayBillNo: string; transporterId: string; transUpdateDate: string }> {
    const request = fields(body);
    const ewbNo = textAt(request, 'ewbNo') ?? '';
    if (!/^[0-9]{12}$/.test(ewbNo)) return ewayBillFailure('131');
    const transporterId = textAt(request, 'transporterId') ?? '';
    if (!isGstin(transporterId)) return ewayBillFailure('222');
    const bill = this.store.find(ewbNo);
    if (!bill || (bill.generatorGstin !== caller.gstin && bill.transporterId !== caller.gstin)) {
      return ewayBillFailure('339');
    }
    if (bill.status !== 'ACT') return ewayBillFailure('280');
    const now = this.clock.nowMs();
    if (bill.validUntilMs !== null && now > bill.validUntilMs) return ewayBillFailure('281');
    bill.transporterId = transporterId;
    bill.transUpdatedAtMs = now;
    this.store.changed(bill);
    return {
      ok: true,
      data: { ewayBillNo: ewbNo, transporterId, transUpdateDate: ewayBillDateTime(new Date(now)) },
    };
  }

  /**
   * GENCEWB: one trip sheet for several active bills moving on one vehicle; each bill gets the vehicle
   * as its Part-B (starting the validity of a Part-A only bill).
   */
  consolidate(body: unknown, caller: EwayBillCaller): EwayBillResult<{ cEwbNo: string; cEWBDate: string }> {
    const request = fields(body);
    const list = Array.isArray(request.tripSheetEwbBills) ? request.tripSheetEwbBills : [];
    const ewbNos = list.map((entry) => textAt(fields(entry), 'ewbNo') ?? '');
    if (ewbNos.length === 0 || ewbNos.some((no) => !/^[0-9]{12}$/.test(no))) return ewayBillFailure('131');
    const transport = readTransport(request);
    if (!transport.ok) return transport;
    const now = this.clock.nowMs();
    const bills = [...new Set(ewbNos)].map((no) => this.store.find(no));
    const usable = (bill: StoredEwayBill | undefined): bill is StoredEwayBill =>
      !!bill &&
      bill.status === 'ACT' &&
      this.mayMove(bill, caller) &&
      (bill.validUntilMs === null || now <= bill.validUntilMs);
    if (!bills.every(usable)) return ewayBillFailure('391');
    const trip: ConsolidatedEwayBill = {
      cEwbNo: this.store.nextConsolidatedNo(),
      generatedAtMs: now,
      generatorGstin: caller.gstin,
      ...transport.data,
      ewbNos: bills.map((bill) => bill.ewbNo),
    };
    for (const bill of bills) {
      bill.vehicles.unshift({
        ...transport.data,
        enteredAtMs: now,
        enteredBy: caller.gstin,
        tripSheetNo: Number(trip.cEwbNo),
      });
      bill.validUntilMs ??= ewayBillValidUntilMs(now, bill.distanceKm, bill.vehicleType === 'O');
      this.store.changed(bill);
    }
    this.store.addConsolidated(trip);
    return { ok: true, data: { cEwbNo: trip.cEwbNo, cEWBDate: ewayBillDateTime(new Date(now)) } };
  }

  /** GetEwayBill: the bill as the system holds it, for the generator, the consignee or the transporter. */
  details(ewbNo: string, caller: EwayBillCaller): EwayBillResult<JsonObject> {
    if (!/^[0-9]{12}$/.test(ewbNo)) return ewayBillFailure('131');
    const bill = this.store.find(ewbNo);
    if (!bill || !this.mayRead(bill, caller)) return ewayBillFailure('325');
    return { ok: true, data: detailsOf(bill) };
  }

  /** GetEwayBillGeneratedByConsigner: the caller's bill for a document (how a 604 is resolved). */
  detailsByDocument(docType: string, docNo: string, caller: EwayBillCaller): EwayBillResult<JsonObject> {
    const bill = this.store.forDocument(caller.gstin, docType, docNo);
    if (!bill) return ewayBillFailure('325');
    return { ok: true, data: detailsOf(bill) };
  }

  private movable(request: JsonObject, caller: EwayBillCaller): EwayBillResult<StoredEwayBill> {
    const ewbNo = textAt(request, 'ewbNo') ?? '';
    if (!/^[0-9]{12}$/.test(ewbNo)) return ewayBillFailure('131');
    const bill = this.store.find(ewbNo);
    if (!bill || bill.status !== 'ACT' || !this.mayMove(bill, caller)) return ewayBillFailure('312');
    return { ok: true, data: bill };
  }

  /** The generator, or the transporter assigned to the bill. */
  private mayMove(bill: StoredEwayBill, caller: EwayBillCaller): boolean {
    return (
      bill.generatorGstin === caller.gstin ||
      (bill.transporterId !== '' && bill.transporterId === caller.gstin)
    );
  }

  private mayRead(bill: StoredEwayBill, caller: EwayBillCaller): boolean {
    return this.mayMove(bill, caller) || bill.to.gstin === caller.gstin || bill.from.gstin === caller.gstin;
  }
}

function fields(body: unknown): JsonObject {
  return isObject(body) ? body : {};
}

/** Vehicle movement fields shared by VEHEWB, EXTENDVALIDITY (in movement) and GENCEWB. */
function readTransport(
  request: JsonObject,
): EwayBillResult<Omit<VehicleEntry, 'enteredAtMs' | 'enteredBy' | 'tripSheetNo'>> {
  const transMode = textAt(request, 'transMode') ?? '';
  if (!TRANS_MODES.has(transMode)) return ewayBillFailure('302');
  const vehicleNo = (textAt(request, 'vehicleNo') ?? '').toUpperCase();
  const transDocNo = textAt(request, 'transDocNo') ?? '';
  const transDocDate = textAt(request, 'transDocDate') ?? '';
  if (transMode === '1' && vehicleNo === '') return ewayBillFailure('303');
  if (vehicleNo !== '' && !isVehicleNumber(vehicleNo)) return ewayBillFailure('225');
  if (transMode !== '1' && (transDocNo === '' || transDocDate === '')) return ewayBillFailure('385');
  const fromPlace = textAt(request, 'fromPlace') ?? '';
  if (fromPlace === '') return ewayBillFailure('305');
  const fromState = numberAt(request, 'fromState');
  if (fromState === undefined || !Number.isInteger(fromState) || fromState < 1 || fromState > 99) {
    return ewayBillFailure('306');
  }
  return {
    ok: true,
    data: { vehicleNo, fromPlace, fromState, transMode, transDocNo, transDocDate: transDocDate || null },
  };
}

/** The getewaybill answer's shape (reference india_compliance_test_e_waybill.json get_e_waybill). */
function detailsOf(bill: StoredEwayBill): JsonObject {
  const at = (ms: number) => ewayBillDateTime(new Date(ms));
  return {
    ewbNo: Number(bill.ewbNo),
    ewayBillDate: at(bill.generatedAtMs),
    genMode: bill.genMode,
    irn: bill.irn ?? undefined,
    userGstin: bill.generatorGstin,
    supplyType: bill.supplyType,
    subSupplyType: bill.subSupplyType,
    docType: bill.docType,
    docNo: bill.docNo,
    docDate: bill.docDate,
    fromGstin: bill.from.gstin,
    fromTrdName: bill.from.tradeName,
    fromAddr1: bill.from.addr1,
    fromAddr2: bill.from.addr2,
    fromPlace: bill.from.place,
    fromPincode: bill.from.pincode,
    fromStateCode: bill.from.stateCode,
    toGstin: bill.to.gstin,
    toTrdName: bill.to.tradeName,
    toAddr1: bill.to.addr1,
    toAddr2: bill.to.addr2,
    toPlace: bill.to.place,
    toPincode: bill.to.pincode,
    toStateCode: bill.to.stateCode,
    totalValue: bill.totalValue,
    totInvValue: bill.totInvValue,
    cgstValue: bill.cgstValue,
    sgstValue: bill.sgstValue,
    igstValue: bill.igstValue,
    cessValue: bill.cessValue,
    cessNonAdvolValue: 0,
    otherValue: bill.otherValue,
    transporterId: bill.transporterId,
    transporterName: bill.transporterName,
    status: bill.status,
    actualDist: bill.distanceKm,
    noValidDays:
      bill.validUntilMs === null ? 0 : ewayBillValidityDays(bill.distanceKm, bill.vehicleType === 'O'),
    validUpto: bill.validUntilMs === null ? null : at(bill.validUntilMs),
    extendedTimes: bill.extendedTimes,
    rejectStatus: 'N',
    vehicleType: bill.vehicleType,
    actFromStateCode: bill.from.actualStateCode,
    actToStateCode: bill.to.actualStateCode,
    transactionType: bill.transactionType,
    cancelDate: bill.cancelledAtMs === null ? undefined : at(bill.cancelledAtMs),
    itemList: bill.items.map((item) => ({
      itemNo: item.itemNo,
      productId: 0,
      productName: item.productName,
      productDesc: item.productDesc,
      hsnCode: Number(item.hsnCode),
      quantity: item.quantity,
      qtyUnit: item.qtyUnit,
      cgstRate: item.cgstRate,
      sgstRate: item.sgstRate,
      igstRate: item.igstRate,
      cessRate: item.cessRate,
      cessNonAdvol: 0,
      taxableAmount: item.taxableAmount,
    })),
    VehiclListDetails: bill.vehicles.map((vehicle) => ({
      updMode: 'API',
      vehicleNo: vehicle.vehicleNo,
      fromPlace: vehicle.fromPlace,
      fromState: vehicle.fromState,
      tripshtNo: vehicle.tripSheetNo,
      userGSTINTransin: vehicle.enteredBy,
      enteredDate: at(vehicle.enteredAtMs),
      transMode: vehicle.transMode,
      transDocNo: vehicle.transDocNo,
      transDocDate: vehicle.transDocDate,
      groupNo: '0',
    })),
  };
}
