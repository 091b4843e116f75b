/**
 * The `in-einvoice` regime: B2B/SEZ/export invoices of Indian sellers get an IRN from the IRP. Never two
 * IRNs for one document: after an unknown outcome the IRP is asked by document details first, and a
 * duplicate (2150) adopts the existing IRN once it is confirmed to be the one computed locally.
 */
import type { CanonicalInvoice } from '../../domain/canonical-invoice';
import type { ComplianceIdentifiers } from '../../connectors/contract';
import type { Outcome } from '../../domain/field-error';
import { financialYear } from '../../domain/financial-year';
import { computeIrn, irnForInvoice, mapToNicEinvoiceV11, type NicEinvoiceV11 } from '../../mappers/irn';
import {
  ComplianceError,
  type CancelRequest,
  type ComplianceRegime,
  type Registered,
  type SubmitContext,
  type SubmitOutcome,
} from '../regime';
import { IrpRejection } from './irp-rejection';
import { decodeNicJws } from './nic-jws';
import { BULK_GENERATE_LIMIT, type BulkRowResult, type EinvoiceProvider, type IrnResult } from './provider';

/** Builds (or returns a cached) provider for a connector instance's regime settings. */
export type EinvoiceProviderFactory = (settings: Record<string, unknown>) => EinvoiceProvider;

const CANCEL_REASONS = ['1', '2', '3', '4'] as const;
type CancelReason = (typeof CANCEL_REASONS)[number];

export class EinvoiceRegime implements ComplianceRegime<NicEinvoiceV11> {
  readonly name = 'in-einvoice' as const;

  constructor(private readonly providerFor: EinvoiceProviderFactory) {}

  appliesTo(invoice: CanonicalInvoice): boolean {
    return invoice.country === 'IN' && invoice.supplyType !== 'B2C';
  }

  map(
    invoice: CanonicalInvoice,
    _settings: Record<string, unknown>,
  ): Outcome<{ payload: NicEinvoiceV11; identifiers?: ComplianceIdentifiers }> {
    const mapped = mapToNicEinvoiceV11(invoice);
    if (!mapped.ok) return mapped;
    const value = { payload: mapped.value, identifiers: { irn: irnForInvoice(invoice) } };
    return mapped.warnings ? { ok: true, value, warnings: mapped.warnings } : { ok: true, value };
  }

  async submit(payload: NicEinvoiceV11, context: SubmitContext): Promise<SubmitOutcome> {
    const provider = this.providerFor(context.settings);
    const expectedIrn = context.previous.irn ?? irnOfPayload(payload);
    const { Typ, No, Dt } = payload.DocDtls;
    if (context.outcomeUnknown) {
      const existing = await provider.getIrnByDocDetails(Typ, No, Dt);
      if (existing) return adoptOrRefuse(existing, expectedIrn, payload, existing.raw);
    }
    try {
      return registered(await provider.generateIrn(payload), false);
    } catch (error) {
      if (!(error instanceof IrpRejection)) throw error;
      if (error.hasCode('2150')) return this.adoptDuplicate(provider, error, expectedIrn, payload);
      return rejectedBy(error);
    }
  }

  /**
   * Documents of a provider with bulk generate go in calls of up to 1,000; the rest (and any document
   * whose earlier outcome is unknown, which must be looked up first) one by one through `submit`.
   * A call that fails as a whole fails each of its documents with the same error: a timeout is an
   * unknown outcome for every one of them, so each is looked up before it is sent again.
   */
  async submitMany(
    items: readonly { payload: NicEinvoiceV11; context: SubmitContext }[],
  ): Promise<(SubmitOutcome | ComplianceError)[]> {
    const outcomes: (SubmitOutcome | ComplianceError)[] = new Array<SubmitOutcome | ComplianceError>(
      items.length,
    );
    const bulk = new Map<EinvoiceProvider, number[]>();
    const single: number[] = [];
    for (const [i, item] of items.entries()) {
      let provider: EinvoiceProvider;
      try {
        provider = this.providerFor(item.context.settings);
      } catch (error) {
        outcomes[i] = ComplianceError.wrap(error);
        continue;
      }
      if (!provider.bulkGenerateIrn || item.context.outcomeUnknown) single.push(i);
      else {
        const list = bulk.get(provider);
        if (list) list.push(i);
        else bulk.set(provider, [i]);
      }
    }
    const settle = async (i: number, run: () => Promise<SubmitOutcome>): Promise<void> => {
      try {
        outcomes[i] = await run();
      } catch (error) {
        outcomes[i] = ComplianceError.wrap(error);
      }
    };
    const calls: Promise<void>[] = single.map((i) =>
      settle(i, () => this.submit(items[i].payload, items[i].context)),
    );
    for (const [provider, positions] of bulk) {
      for (let start = 0; start < positions.length; start += BULK_GENERATE_LIMIT) {
        const chunk = positions.slice(start, start + BULK_GENERATE_LIMIT);
        calls.push(this.bulkGenerate(provider, chunk, items, outcomes, settle));
      }
    }
    await Promise.all(calls);
    return outcomes;
  }

  private async bulkGenerate(
    provider: EinvoiceProvider,
    positions: readonly number[],
    items: readonly { payload: NicEinvoiceV11; context: SubmitContext }[],
    outcomes: (SubmitOutcome | ComplianceError)[],
    settle: (i: number, run: () => Promise<SubmitOutcome>) => Promise<void>,
  ): Promise<void> {
    let rows: BulkRowResult[];
    try {
      rows = await provider.bulkGenerateIrn!(positions.map((i) => items[i].payload));
    } catch (error) {
      for (const i of positions) outcomes[i] = ComplianceError.wrap(error);
      return;
    }
    const byIndex = new Map(rows.map((row) => [row.index, row]));
    await Promise.all(
      positions.map((i, index) =>
        settle(i, async () => {
          const row = byIndex.get(index);
          const payload = items[i].payload;
          if (row?.result) return registered(row.result, false);
          if (!row?.rejection) {
            throw new ComplianceError('unknown-outcome', 'the bulk answer has no row for this document');
          }
          if (!row.rejection.hasCode('2150')) return rejectedBy(row.rejection);
          const expectedIrn = items[i].context.previous.irn ?? irnOfPayload(payload);
          return this.adoptDuplicate(provider, row.rejection, expectedIrn, payload);
        }),
      ),
    );
  }

  async cancel(request: CancelRequest): Promise<SubmitOutcome> {
    const irn = request.identifiers.irn;
    if (!irn) throw new ComplianceError('validation', 'no IRN to cancel');
    if (!(CANCEL_REASONS as readonly string[]).includes(request.reasonCode)) {
      throw new ComplianceError(
        'validation',
        'cancel reason must be 1 (duplicate), 2 (data entry mistake), 3 (order cancelled) or 4 (others)',
      );
    }
    if (request.remark.length > 100)
      throw new ComplianceError('validation', 'cancel remark must be at most 100 characters');
    const provider = this.providerFor(request.settings);
    try {
      const cancelled = await provider.cancelIrn({
        irn,
        reasonCode: request.reasonCode as CancelReason,
        remark: request.remark,
      });
      return {
        status: 'registered',
        identifiers: { irn },
        response: { cancelDate: cancelled.cancelDate, raw: cancelled.raw },
      };
    } catch (error) {
      // 9999 "Invoice is not active": it is already cancelled, which is what was asked.
      if (error instanceof IrpRejection && error.hasCode('9999')) {
        return {
          status: 'registered',
          identifiers: { irn },
          response: error.options.response,
          adopted: true,
        };
      }
      if (error instanceof IrpRejection) return rejectedBy(error);
      throw error;
    }
  }

  private async adoptDuplicate(
    provider: EinvoiceProvider,
    rejection: IrpRejection,
    expectedIrn: string,
    payload: NicEinvoiceV11,
  ): Promise<SubmitOutcome> {
    const duplicate = rejection.duplicate();
    if (!duplicate) {
      const existing = await provider.getIrnByDocDetails(
        payload.DocDtls.Typ,
        payload.DocDtls.No,
        payload.DocDtls.Dt,
      );
      if (existing) return adoptOrRefuse(existing, expectedIrn, payload, existing.raw);
      return rejectedBy(rejection);
    }
    if (duplicate.irn !== expectedIrn)
      return mismatch(duplicate.irn, expectedIrn, rejection.options.response);
    try {
      const full = await provider.getByIrn(duplicate.irn);
      return adoptOrRefuse(full, expectedIrn, payload, rejection.options.response);
    } catch (error) {
      // 2283: older than 2 days, details no longer served; the DUPIRN facts are what the IRP gives.
      if (!(error instanceof IrpRejection)) throw error;
      return {
        status: 'registered',
        identifiers: { irn: duplicate.irn, ackNo: duplicate.ackNo, ackDate: duplicate.ackDate },
        response: rejection.options.response,
        adopted: true,
        warnings: [
          { code: error.options.code, message: `IRN adopted without signed data: ${error.message}` },
        ],
      };
    }
  }
}

function irnOfPayload(payload: NicEinvoiceV11): string {
  const [day, month, year] = payload.DocDtls.Dt.split('/');
  return computeIrn(
    payload.SellerDtls.Gstin,
    financialYear(`${year}-${month}-${day}`),
    payload.DocDtls.Typ,
    payload.DocDtls.No,
  );
}

/** Adopt an IRN the IRP already holds, if it is ours and the signed copy matches this document. */
function adoptOrRefuse(
  found: IrnResult,
  expectedIrn: string,
  payload: NicEinvoiceV11,
  response: unknown,
): SubmitOutcome {
  if (found.irn !== expectedIrn) return mismatch(found.irn, expectedIrn, response);
  const signed = decodeNicJws<{ BuyerDtls?: { Gstin?: string }; ValDtls?: { TotInvVal?: number } }>(
    found.signedInvoice,
  ).data;
  const sameBuyer =
    signed.BuyerDtls?.Gstin === undefined || signed.BuyerDtls.Gstin === payload.BuyerDtls.Gstin;
  const sameTotal =
    signed.ValDtls?.TotInvVal === undefined ||
    Math.abs(Number(signed.ValDtls.TotInvVal) - Number(payload.ValDtls.TotInvVal)) < 0.005;
  if (!sameBuyer || !sameTotal) {
    return {
      status: 'rejected',
      code: '2150',
      message: `Duplicate IRN: ${found.irn} is registered for this document number with a different buyer or total; cancel it or change the document`,
      response,
    };
  }
  return registered(found, true);
}

function mismatch(foundIrn: string, expectedIrn: string, response: unknown): SubmitOutcome {
  return {
    status: 'rejected',
    code: '2150',
    message: `Duplicate IRN ${foundIrn} does not match the locally computed IRN ${expectedIrn}`,
    response,
  };
}

function registered(result: IrnResult, adopted: boolean): Registered {
  const identifiers: ComplianceIdentifiers = {
    irn: result.irn,
    ackNo: result.ackNo,
    ackDate: result.ackDate,
    signedInvoice: result.signedInvoice,
    signedQrCode: result.signedQrCode,
  };
  if (result.ewbNo)
    Object.assign(identifiers, {
      ewbNo: result.ewbNo,
      ewbDate: result.ewbDate,
      ewbValidUpto: result.ewbValidUpto,
    });
  const warnings = result.info
    .filter((entry) => entry.InfCd !== 'DUPIRN')
    .map((entry) => ({
      code: entry.InfCd,
      message: typeof entry.Desc === 'string' ? entry.Desc : JSON.stringify(entry.Desc),
    }));
  return {
    status: 'registered',
    identifiers,
    response: result.raw,
    ...(adopted ? { adopted: true } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function rejectedBy(rejection: IrpRejection): SubmitOutcome {
  return {
    status: 'rejected',
    code: rejection.options.code ?? '',
    message: rejection.message,
    response: rejection.options.response,
  };
}
