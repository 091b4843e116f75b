/**
 * The e-way bill system cancelling an e-way bill the IRP generated with an IRN (EwbDtls or
 * GENERATE_EWAYBILL): only its generator, only while active, only within 24 hours of generation, with a
 * reason 1 Duplicate, 2 Order cancelled, 3 Data entry mistake or 4 Others and a remark of at most 50
 * characters. Once cancelled, the IRN itself may be cancelled (no more 2230).
 */
import { ewayBillError } from './ewaybill-errors';
import type { IrpResult } from './irp-errors';
import type { IrpService } from './irp-service';
import { ewayBillDateTime, parseIstDateTime } from './ist-time';
import { isObject, textAt } from './json-access';

const CANCEL_WINDOW_MS = 24 * 3600_000;
const REMARK_MAX = 50;

export interface EwayBillCancellation {
  ewayBillNo: string;
  cancelDate: string;
}

export function cancelEwayBill(
  irp: IrpService,
  body: unknown,
  generatorGstin: string,
  now: Date,
): IrpResult<EwayBillCancellation> {
  const request = isObject(body) ? body : {};
  const ewbNo = textAt(request, 'ewbNo') ?? '';
  const reason = textAt(request, 'cancelRsnCode');
  const remark = textAt(request, 'cancelRmrk');
  const refuse = (code: string): IrpResult<EwayBillCancellation> => ({
    ok: false,
    errors: [ewayBillError(code)],
  });
  if (!reason || !remark) return refuse('386');
  if (!/^[0-9]{12}$/.test(ewbNo)) return refuse('131');
  if (!['1', '2', '3', '4'].includes(reason)) return refuse('307');
  if (remark.length > REMARK_MAX) return refuse('308');
  const registration = irp.registry.findByEwayBill(Number(ewbNo));
  const ewayBill = registration?.ewayBill;
  if (!ewayBill || registration.sellerGstin !== generatorGstin || ewayBill.status !== 'ACT') {
    return refuse('312');
  }
  const generatedAt = parseIstDateTime(ewayBill.ewbDt);
  if (!generatedAt || now.getTime() - generatedAt.getTime() > CANCEL_WINDOW_MS) return refuse('728');
  irp.cancelEwayBill(ewayBill.ewbNo);
  return { ok: true, data: { ewayBillNo: ewbNo, cancelDate: ewayBillDateTime(now) } };
}
