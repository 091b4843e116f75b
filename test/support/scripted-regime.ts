/**
 * A compliance regime for pipeline tests that is scripted per document number: register, reject with
 * an authority code, or fail transiently. It sits above the provider interface (the pipeline under test
 * is real: database, queue, HTTP); the real regimes have their own suites against the sandbox.
 */
import { createHash } from 'node:crypto';
import { CIRCUIT_OPEN } from '../../src/compliance/http';
import { ComplianceError, type ComplianceRegime, type SubmitOutcome } from '../../src/compliance/regime';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';

/** `same-ewb`: registered, with the one e-way bill number every such document gets (a broken answer). */
export type Script = 'register' | 'reject' | 'transient' | 'circuit-open' | 'same-ewb';

export class ScriptedRegime implements ComplianceRegime<{ documentNumber: string }> {
  readonly name = 'in-einvoice' as const;
  readonly scripts = new Map<string, Script>();
  readonly sent: string[] = [];

  appliesTo(invoice: CanonicalInvoice): boolean {
    return invoice.country === 'IN' && invoice.supplyType !== 'B2C';
  }

  map(invoice: CanonicalInvoice) {
    return { ok: true as const, value: { payload: { documentNumber: invoice.documentNumber } } };
  }

  submit(payload: { documentNumber: string }): Promise<SubmitOutcome> {
    this.sent.push(payload.documentNumber);
    const script = this.scripts.get(payload.documentNumber) ?? 'register';
    if (script === 'transient')
      throw new ComplianceError('transient', 'HTTP 503 from provider', { retryAfterMs: 100 });
    if (script === 'circuit-open')
      throw new ComplianceError('transient', 'provider unavailable (circuit open); not sent', {
        code: CIRCUIT_OPEN,
        notSent: true,
        retryAfterMs: 100,
      });
    if (script === 'reject') {
      return Promise.resolve({
        status: 'rejected',
        code: '2172',
        message: 'Invalid place of supply',
        response: {},
      });
    }
    const irn = createHash('sha256').update(payload.documentNumber).digest('hex');
    return Promise.resolve({
      status: 'registered',
      identifiers: {
        irn,
        ackNo: '112610000000001',
        ...(script === 'same-ewb' ? { ewbNo: '391000000001' } : {}),
      },
      response: {},
    });
  }
}
