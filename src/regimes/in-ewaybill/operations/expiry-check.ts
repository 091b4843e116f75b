/**
 * Bills about to expire: the list an operator asks for, and the scheduled check (every 15 minutes) that
 * extends those inside their extension window where the connector instance configures `autoExtend` (the
 * `extend` operation's request, less nothing); the others are only listed.
 */
import { ComplianceError } from '../../../compliance';
import type { RegimeJob } from '../../../compliance';
import { REGIME_JOB_CONTEXT, type OperationTarget, type RegimeJobContext } from '../../../compliance';
import type { EwaybillSettings } from '../ewaybill-settings';
import { EXTEND_OPERATION } from './extend.operation';
import { extensionWindow, parseEwaybillTime } from './ewaybill-times';

/** Lists bills near expiry and extends those of instances with `autoExtend`; run by sync/. */
export const EWAYBILL_EXPIRY_CHECK_JOB = 'ewaybill-expiry-check';
const HOUR = 3600_000;

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

/** Active bills whose validity ends within `withinHours` (or ended less than 8 hours ago), soonest first. */
export async function expiringBills(
  context: Pick<RegimeJobContext, 'registered' | 'now'>,
  options: { withinHours: number; connectorInstanceId?: string },
): Promise<ExpiringBill[]> {
  const found: ExpiringBill[] = [];
  for await (const submission of context.registered({ connectorInstanceId: options.connectorInstanceId })) {
    const bill = expiringBill(submission, options.withinHours, context.now);
    if (bill) found.push(bill);
  }
  return found.sort((a, b) => a.hoursLeft - b.hoursLeft);
}

function expiringBill(
  submission: OperationTarget,
  withinHours: number,
  now: number,
): ExpiringBill | undefined {
  const { ewbNo, ewbValidUpto: validUpto } = submission.identifiers;
  const until = parseEwaybillTime(validUpto);
  if (!ewbNo || !validUpto || until === undefined) return undefined;
  const window = extensionWindow(until, now);
  const notClosed = window.open || window.opensAtMs !== undefined;
  if (until > now + withinHours * HOUR || !notClosed) return undefined;
  return {
    submissionId: submission.submissionId,
    documentId: submission.documentId,
    ewbNo,
    validUpto,
    hoursLeft: Math.round(((until - now) / HOUR) * 10) / 10,
    extendable: window.open,
  };
}

/** One pass of the scheduled check. */
export async function extendExpiringBills(
  context: RegimeJobContext<EwaybillSettings>,
): Promise<{ expiring: ExpiringBill[]; extensions: AutoExtension[] }> {
  const expiring: ExpiringBill[] = [];
  const settingsById = new Map<string, EwaybillSettings>();
  for await (const submission of context.registered()) {
    const bill = expiringBill(submission, 8, context.now);
    if (!bill) continue;
    expiring.push(bill);
    settingsById.set(bill.submissionId, submission.settings);
  }
  expiring.sort((a, b) => a.hoursLeft - b.hoursLeft);
  const extensions: AutoExtension[] = [];
  for (const bill of expiring.filter((candidate) => candidate.extendable)) {
    const auto = settingsById.get(bill.submissionId)?.autoExtend;
    if (typeof auto !== 'object' || auto === null || Array.isArray(auto)) continue;
    try {
      const run = await context.operate(
        bill.submissionId,
        EXTEND_OPERATION.name,
        auto,
        'scheduled extension',
      );
      const stored = run.submissions[0] as { validUpto?: string | null } | undefined;
      extensions.push({
        submissionId: bill.submissionId,
        ewbNo: bill.ewbNo,
        outcome: 'extended',
        validUpto: stored?.validUpto ?? undefined,
      });
    } catch (error) {
      const { code, message } = describeError(error);
      context.log(`e-way bill ${bill.ewbNo}: scheduled extension failed: ${message}`);
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
    context.log('e-way bills expiring', { count: expiring.length, extended: extensions.length });
  }
  return { expiring, extensions };
}

export const EWAYBILL_EXPIRY_CHECK: RegimeJob = {
  name: EWAYBILL_EXPIRY_CHECK_JOB,
  everySeconds: 15 * 60,
  ports: [REGIME_JOB_CONTEXT],
  run: (ports) => extendExpiringBills(ports.get(REGIME_JOB_CONTEXT).context<EwaybillSettings>('in-ewaybill')),
};

/** The code and message of a refusal, from a ComplianceError or an HTTP exception's answer. */
function describeError(error: unknown): { code?: string; message: string } {
  if (error instanceof ComplianceError) return { code: error.options.code, message: error.message };
  const answer = (error as { response?: unknown }).response;
  if (typeof answer === 'object' && answer !== null) {
    const { code, message } = answer as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : error instanceof Error ? error.message : String(error),
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
