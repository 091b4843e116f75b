/**
 * What an operator does to a registered e-way bill after generation: Part-B (vehicle) update, transporter
 * update, validity extension, cancellation, a consolidated bill for several bills on one vehicle, and
 * the list of bills about to expire (extended automatically where the connector instance says so).
 * Each goes to the instance's e-way bill provider; the answer updates the stored validity or state and
 * is audited, refusals included. The windows the e-way bill system enforces are checked here first, so
 * an operator is told at once (with the system's own code) instead of after a round trip.
 */
import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EwaybillProvider, ExtendValidityRequest } from '../../compliance/ewaybill';
import { ComplianceError } from '../../compliance/regime';
import type { SubmissionEntity } from '../../database/entities/submission.entity';
import { AuditRepository } from '../../database/repositories/audit.repository';
import { DocumentRepository } from '../../database/repositories/document.repository';
import {
  SubmissionRepository,
  type SubmissionPatch,
} from '../../database/repositories/submission.repository';
import { SubmissionState } from '../../domain/submission-state';
import { JobName } from '../../queue/job-name';
import { QueueService } from '../../queue/queue.service';
import { ConnectorRuntimeService } from '../connector-runtime.service';
import type { OperatorAction } from '../operator.service';
import { SYSTEM_ACTOR } from '../state-transitions.service';
import { EwaybillRegime } from '../../compliance/ewaybill/ewaybill.regime';
import { RegimeRegistry } from '../../compliance/regime-registry';
import { cancelWindow, extensionWindow, istText, parseEwaybillTime } from './ewaybill-times';

const S = SubmissionState;
export const EWAYBILL_REGIME = 'in-ewaybill';
/** States in which the e-way bill system holds an active bill for the submission. */
const ACTIVE_STATES: readonly SubmissionState[] = [
  S.Registered,
  S.WritebackPending,
  S.WrittenBack,
  S.WritebackFailed,
];
const PAGE = 500;
/** How often the scheduler asks for the expiry check. */
export const EWAYBILL_EXPIRY_CHECK_EVERY_SECONDS = 15 * 60;

export interface PartBInput {
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  /** 1 break down, 2 transhipment, 3 others, 4 first time. */
  reasonCode: string;
  reasonRemark: string;
  transMode: string;
  transDocNo?: string;
  transDocDate?: string;
  vehicleType?: 'R' | 'O';
}

export interface ExtendInput {
  remainingDistanceKm: number;
  /** 1 natural calamity, 2 law and order, 4 transhipment, 5 accident, 99 others. */
  reasonCode: string;
  remark: string;
  fromPlace: string;
  fromState: number;
  fromPincode: number;
  /** M in movement (vehicle and mode), T in transit (transit type and address). */
  consignmentStatus: 'M' | 'T';
  vehicleNo?: string;
  transMode?: string;
  transDocNo?: string;
  transDocDate?: string;
  transitType?: 'R' | 'W' | 'O';
  addressLine1?: string;
  addressLine2?: string;
  addressLine3?: string;
}

export interface EwaybillCancelInput {
  /** 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others (not e-invoice's order). */
  reasonCode: string;
  remark: string;
}

export interface ConsolidateInput {
  submissionIds: string[];
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  transMode: string;
  transDocNo?: string;
  transDocDate?: string;
}

export interface ExpiringBill {
  submissionId: string;
  documentId: string;
  ewbNo: string;
  validUpto: string;
  hoursLeft: number;
  /** Inside the extension window now. */
  extendable: boolean;
}

export interface AutoExtension {
  submissionId: string;
  ewbNo: string;
  outcome: 'extended' | 'failed';
  validUpto?: string;
  code?: string;
  message?: string;
}

/** `regimeSettings['in-ewaybill'].autoExtend`: how the scheduled check extends this instance's bills. */
type AutoExtendSettings = Omit<ExtendInput, 'remainingDistanceKm'> & { remainingDistanceKm: number };

@Injectable()
export class EwaybillOperationsService {
  private readonly logger = new Logger('EwaybillOperations');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly audit: AuditRepository,
    private readonly connectors: ConnectorRuntimeService,
    private readonly queue: QueueService,
    private readonly regimes: RegimeRegistry,
  ) {}

  async updatePartB(submissionId: string, input: PartBInput, action: OperatorAction) {
    const { submission, ewbNo, provider } = await this.activeBill(submissionId);
    const details = { ewbNo, vehicleNo: input.vehicleNo, reasonCode: input.reasonCode };
    const updated = await this.ask(
      submission,
      operatorActor(action),
      'ewaybill-part-b',
      action.reason,
      details,
      () =>
        provider.updatePartB({
          ewbNo,
          vehicleNo: input.vehicleNo,
          fromPlace: input.fromPlace,
          fromState: input.fromState,
          reasonCode: input.reasonCode,
          reasonRem: input.reasonRemark,
          transMode: input.transMode,
          transDocNo: input.transDocNo,
          transDocDate: input.transDocDate,
          vehicleType: input.vehicleType,
        }),
    );
    return this.record(submission, validityPatch(submission, updated.validUpto), {
      actor: operatorActor(action),
      action: 'ewaybill-part-b',
      reason: action.reason,
      details: { ...details, validUpto: updated.validUpto ?? null, updatedAt: updated.updatedAt ?? null },
    });
  }

  async updateTransporter(submissionId: string, transporterId: string, action: OperatorAction) {
    const { submission, ewbNo, provider } = await this.activeBill(submissionId);
    if (!provider.updateTransporter) {
      throw new ComplianceError(
        'config',
        `the e-way bill provider of this instance (catalog ${provider.catalog}) offers no transporter update`,
      );
    }
    const update = provider.updateTransporter.bind(provider);
    const details = { ewbNo, transporterId };
    const updated = await this.ask(
      submission,
      operatorActor(action),
      'ewaybill-transporter',
      action.reason,
      details,
      () => update({ ewbNo, transporterId }),
    );
    return this.record(
      submission,
      {},
      {
        actor: operatorActor(action),
        action: 'ewaybill-transporter',
        reason: action.reason,
        details: { ...details, updatedAt: updated.updatedAt ?? null },
      },
    );
  }

  /** Refused here (409, code 382) outside 8 hours either side of the end of validity. */
  async extend(submissionId: string, input: ExtendInput, action: OperatorAction, now = Date.now()) {
    return this.extendBill(submissionId, input, operatorActor(action), action.reason, now);
  }

  /** Refused here (409, code 728) more than 24 hours after generation. */
  async cancel(submissionId: string, input: EwaybillCancelInput, action: OperatorAction, now = Date.now()) {
    const { submission, ewbNo, provider } = await this.activeBill(submissionId);
    const generatedAt = parseEwaybillTime(submission.identifiers.ewbDate);
    if (generatedAt !== undefined) {
      const window = cancelWindow(generatedAt, now);
      if (!window.open) {
        throw refusal(
          '728',
          `e-way bill ${ewbNo} can be cancelled only within 24 hours of its generation (${istText(generatedAt)}); that ended ${istText(window.closedAtMs!)}`,
        );
      }
    }
    const details = { ewbNo, reasonCode: input.reasonCode, remark: input.remark };
    const cancelled = await this.ask(
      submission,
      operatorActor(action),
      'ewaybill-cancel',
      action.reason,
      details,
      () => provider.cancel({ ewbNo, cancelRsnCode: input.reasonCode, cancelRmrk: input.remark }),
    );
    const moved = await this.record(
      submission,
      { response: cancelled.raw },
      {
        actor: operatorActor(action),
        action: 'ewaybill-cancel',
        reason: action.reason,
        details: { ...details, cancelledAt: cancelled.updatedAt ?? null },
      },
      S.Cancelled,
    );
    return moved;
  }

  /** One consolidated bill (trip sheet) for several active bills of one connector instance on one vehicle. */
  async consolidate(input: ConsolidateInput, action: OperatorAction) {
    const ids = [...new Set(input.submissionIds)];
    const bills = await Promise.all(ids.map((id) => this.activeBill(id)));
    const instances = new Set(bills.map((bill) => bill.instanceId));
    if (instances.size > 1) {
      throw new ConflictException({
        statusCode: 409,
        message: 'a consolidated e-way bill takes bills of one connector instance (one GSTIN) only',
      });
    }
    const provider = bills[0].provider;
    const ewbNos = bills.map((bill) => bill.ewbNo);
    const details = { ewbNos, vehicleNo: input.vehicleNo };
    const consolidated = await this.ask(
      bills[0].submission,
      operatorActor(action),
      'ewaybill-consolidate',
      action.reason,
      details,
      () =>
        provider.consolidate({
          fromPlace: input.fromPlace,
          fromState: input.fromState,
          vehicleNo: input.vehicleNo,
          transMode: input.transMode,
          transDocNo: input.transDocNo,
          transDocDate: input.transDocDate,
          tripSheetEwbBills: ewbNos.map((ewbNo) => ({ ewbNo })),
        }),
    );
    const submissions = [];
    for (const bill of bills) {
      // A Part-A only bill gets its validity from the trip's vehicle: read it back where the API can.
      const validUpto = await this.currentValidity(provider, bill.ewbNo);
      submissions.push(
        await this.record(bill.submission, validityPatch(bill.submission, validUpto), {
          actor: operatorActor(action),
          action: 'ewaybill-consolidate',
          reason: action.reason,
          details: {
            ...details,
            consolidatedEwbNo: consolidated.consolidatedEwbNo,
            validUpto: validUpto ?? null,
          },
        }),
      );
    }
    return {
      consolidatedEwbNo: consolidated.consolidatedEwbNo,
      date: consolidated.date ?? null,
      submissions,
    };
  }

  /** Active bills whose validity ends within `withinHours` (or ended less than 8 hours ago). */
  async expiring(options: { withinHours: number; connectorInstanceId?: string }, now = Date.now()) {
    const found: ExpiringBill[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.submissions.list({
        regime: EWAYBILL_REGIME,
        states: [...ACTIVE_STATES],
        connectorInstanceId: options.connectorInstanceId,
        limit: PAGE,
        offset,
      });
      for (const submission of page.items) {
        const ewbNo = ewbNoOf(submission);
        const validUpto = submission.identifiers.ewbValidUpto ?? submission.validUpto;
        const until = parseEwaybillTime(validUpto);
        if (!ewbNo || !validUpto || until === undefined) continue;
        if (until > now + options.withinHours * 3600_000 || !extensionWindowNotClosed(until, now)) continue;
        found.push({
          submissionId: submission.id,
          documentId: submission.documentId,
          ewbNo,
          validUpto,
          hoursLeft: Math.round(((until - now) / 3600_000) * 10) / 10,
          extendable: extensionWindow(until, now).open,
        });
      }
      if (page.items.length < PAGE) break;
    }
    return found.sort((a, b) => a.hoursLeft - b.hoursLeft);
  }

  /** The declared `ewaybill-expiry-check` job's pass (sync/regime-jobs.ts). */
  run(): Promise<unknown> {
    return this.extendExpiring();
  }

  /**
   * The scheduled check: bills inside their extension window, extended with the settings of instances
   * that configure `autoExtend`; the others are only listed (and logged).
   */
  async extendExpiring(now = Date.now()): Promise<{ expiring: ExpiringBill[]; extensions: AutoExtension[] }> {
    const expiring = await this.expiring({ withinHours: 8 }, now);
    const extensions: AutoExtension[] = [];
    for (const bill of expiring.filter((candidate) => candidate.extendable)) {
      const submission = await this.submissions.findById(bill.submissionId);
      const settings = submission ? await this.settingsOf(submission) : undefined;
      const auto = settings?.autoExtend as AutoExtendSettings | undefined;
      if (!auto || typeof auto !== 'object') continue;
      try {
        const extended = await this.extendBill(
          bill.submissionId,
          auto,
          SYSTEM_ACTOR,
          'scheduled extension',
          now,
        );
        extensions.push({
          submissionId: bill.submissionId,
          ewbNo: bill.ewbNo,
          outcome: 'extended',
          validUpto: extended.validUpto ?? undefined,
        });
      } catch (error) {
        const { code, message } = describeError(error);
        this.logger.warn(`e-way bill ${bill.ewbNo}: scheduled extension failed: ${message}`);
        extensions.push({
          submissionId: bill.submissionId,
          ewbNo: bill.ewbNo,
          outcome: 'failed',
          code,
          message,
        });
      }
    }
    if (expiring.length > 0) {
      this.logger.log({ msg: 'e-way bills expiring', count: expiring.length, extended: extensions.length });
    }
    return { expiring, extensions };
  }

  private async extendBill(
    submissionId: string,
    input: ExtendInput,
    actor: string,
    reason: string,
    now: number,
  ): Promise<SubmissionEntity> {
    const { submission, ewbNo, provider } = await this.activeBill(submissionId);
    const validUpto = submission.identifiers.ewbValidUpto ?? submission.validUpto;
    const until = parseEwaybillTime(validUpto);
    if (until === undefined) {
      throw refusal('381', `e-way bill ${ewbNo} has no validity yet (Part-A only): enter Part-B first`);
    }
    const window = extensionWindow(until, now);
    if (!window.open) {
      const when = window.opensAtMs
        ? `opens ${istText(window.opensAtMs)}`
        : `closed ${istText(window.closedAtMs!)}`;
      throw refusal(
        '382',
        `e-way bill ${ewbNo} can be extended only from 8 hours before to 8 hours after its validity ends (${istText(until)}): the window ${when}`,
      );
    }
    const request: ExtendValidityRequest = {
      ewbNo,
      vehicleNo: input.vehicleNo,
      fromPlace: input.fromPlace,
      fromState: input.fromState,
      fromPincode: input.fromPincode,
      remainingDistance: input.remainingDistanceKm,
      transMode: input.transMode ?? '1',
      transDocNo: input.transDocNo,
      transDocDate: input.transDocDate,
      extnRsnCode: input.reasonCode,
      extnRemarks: input.remark,
      consignmentStatus: input.consignmentStatus,
      transitType: input.transitType,
      ...(input.consignmentStatus === 'T'
        ? {
            addressLine1: input.addressLine1,
            addressLine2: input.addressLine2,
            addressLine3: input.addressLine3,
          }
        : {}),
    };
    const details = {
      ewbNo,
      remainingDistanceKm: input.remainingDistanceKm,
      reasonCode: input.reasonCode,
      previousValidUpto: validUpto,
    };
    const extended = await this.ask(submission, actor, 'ewaybill-extend', reason, details, () =>
      provider.extendValidity(request),
    );
    return this.record(submission, validityPatch(submission, extended.validUpto), {
      actor,
      action: 'ewaybill-extend',
      reason,
      details: { ...details, validUpto: extended.validUpto ?? null },
    });
  }

  private async activeBill(submissionId: string): Promise<{
    submission: SubmissionEntity;
    ewbNo: string;
    provider: EwaybillProvider;
    instanceId: string;
  }> {
    const submission = await this.submissions.findById(submissionId);
    if (!submission) throw new NotFoundException(`no submission ${submissionId}`);
    if (submission.regime !== EWAYBILL_REGIME) {
      throw new ConflictException({
        statusCode: 409,
        message: `submission ${submissionId} is ${submission.regime}, not an e-way bill`,
      });
    }
    const ewbNo = ewbNoOf(submission);
    if (!ACTIVE_STATES.includes(submission.state) || !ewbNo) {
      throw new ConflictException({
        statusCode: 409,
        message: `e-way bill operations need an active e-way bill; this submission is ${submission.state}${ewbNo ? '' : ' without an e-way bill number'}`,
      });
    }
    const instanceId = (await this.documents.findById(submission.documentId))?.connectorInstanceId ?? '';
    const provider = this.providerOf(this.settingsOfInstance(instanceId) ?? {});
    return { submission, ewbNo, provider, instanceId };
  }

  /** The instance's e-way bill provider, as the regime builds it (its settings over the process defaults). */
  private providerOf(settings: Record<string, unknown>): EwaybillProvider {
    const regime = this.regimes.get(EWAYBILL_REGIME);
    if (!(regime instanceof EwaybillRegime)) {
      throw new ComplianceError('config', 'the in-ewaybill regime is not registered in this service');
    }
    return regime.providerFor(settings);
  }

  private async settingsOf(submission: SubmissionEntity): Promise<Record<string, unknown> | undefined> {
    const document = await this.documents.findById(submission.documentId);
    return document ? this.settingsOfInstance(document.connectorInstanceId) : undefined;
  }

  private settingsOfInstance(instanceId: string): Record<string, unknown> | undefined {
    return this.connectors.byId(instanceId)?.regimeSettings[EWAYBILL_REGIME];
  }

  /** Calls the e-way bill system; a refusal or failure is audited before it reaches the caller. */
  private async ask<T>(
    submission: SubmissionEntity,
    actor: string,
    action: string,
    reason: string,
    details: Record<string, unknown>,
    call: () => Promise<T>,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const { code, message, errorClass } = describeError(error);
      await this.audit.append({
        actor,
        action: `${action}-refused`,
        documentId: submission.documentId,
        submissionId: submission.id,
        fromState: submission.state,
        toState: submission.state,
        reason,
        details: { ...details, errorClass: errorClass ?? null, code: code ?? null, message },
      });
      throw error;
    }
  }

  /**
   * Stores what changed and audits it, in one transaction. A changed validity or a cancellation goes
   * back to the ERP: the submission moves to WRITEBACK_PENDING (or CANCELLED) and a write-back is queued.
   */
  private async record(
    submission: SubmissionEntity,
    patch: SubmissionPatch,
    audit: { actor: string; action: string; reason: string; details: Record<string, unknown> },
    to?: SubmissionState,
  ): Promise<SubmissionEntity> {
    const changesErp = to === S.Cancelled || patch.validUpto !== undefined;
    const target =
      to ?? (changesErp && submission.state !== S.Registered ? S.WritebackPending : submission.state);
    const moved = await this.dataSource.transaction(async (manager) => {
      const row = await this.submissions.transition(
        submission.id,
        [submission.state],
        target,
        patch,
        manager,
      );
      if (!row) return null;
      await this.audit.append(
        {
          ...audit,
          documentId: submission.documentId,
          submissionId: submission.id,
          fromState: submission.state,
          toState: target,
        },
        manager,
      );
      return row;
    });
    if (!moved) {
      throw new ConflictException({
        statusCode: 409,
        message: `the submission changed state meanwhile (the e-way bill system accepted the ${audit.action}); read it again`,
      });
    }
    if (changesErp && target !== S.Registered) {
      await this.queue.send(
        JobName.SubmissionWriteBack,
        { submissionId: submission.id },
        { key: submission.id },
      );
    }
    return moved;
  }

  private async currentValidity(provider: EwaybillProvider, ewbNo: string): Promise<string | undefined> {
    if (!provider.getEwaybill) return undefined;
    try {
      const details = await provider.getEwaybill(ewbNo);
      return typeof details.validUpto === 'string' ? details.validUpto : undefined;
    } catch (error) {
      this.logger.warn(`e-way bill ${ewbNo}: validity not read back: ${describeError(error).message}`);
      return undefined;
    }
  }
}

function operatorActor(action: OperatorAction): string {
  return `operator:${action.operator}`;
}

function ewbNoOf(submission: SubmissionEntity): string | undefined {
  return submission.identifiers.ewbNo ?? submission.ewbNo ?? undefined;
}

function validityPatch(submission: SubmissionEntity, validUpto: string | undefined): SubmissionPatch {
  if (!validUpto) return {};
  return { validUpto, identifiers: { ...submission.identifiers, ewbValidUpto: validUpto } };
}

function extensionWindowNotClosed(until: number, now: number): boolean {
  const window = extensionWindow(until, now);
  return window.open || window.opensAtMs !== undefined;
}

function refusal(code: string, message: string): ConflictException {
  return new ConflictException({ statusCode: 409, code, message });
}

function describeError(error: unknown): { code?: string; message: string; errorClass?: string } {
  if (error instanceof ComplianceError) {
    return { code: error.options.code, message: error.message, errorClass: error.errorClass };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
