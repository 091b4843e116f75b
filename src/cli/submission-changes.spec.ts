import type { DocumentListItem, ErrorClass, SubmissionState } from './api-types';
import {
  changesBetween,
  formatChange,
  formatStateCounts,
  settledCount,
  snapshotOf,
} from './submission-changes';

function doc(
  id: string,
  docNumber: string,
  submissions: [string, SubmissionState, ErrorClass | null][],
): DocumentListItem {
  return {
    id,
    connectorInstanceId: 'ci',
    erpId: id,
    direction: 'sales',
    docType: 'INV',
    docNumber,
    docDate: '2024-07-15',
    sellerTaxId: null,
    buyerTaxId: null,
    alteredAfterRegistration: false,
    erpDeleted: false,
    createdAt: '2024-07-15T00:00:00Z',
    buyerName: null,
    invoiceTotal: null,
    currency: null,
    submissions: submissions.map(([sid, state, errorClass]) => ({
      id: sid,
      regime: 'in-einvoice',
      state,
      errorClass,
      irn: null,
      expectedIrn: null,
      errorCode: null,
      attempts: 1,
      ackNo: null,
      ackDate: null,
      ewbNo: null,
      validUpto: null,
      zatcaStatus: null,
      updatedAt: '2024-07-15T00:00:00Z',
    })),
  };
}

describe('submission changes (watch)', () => {
  const before = snapshotOf([
    doc('d1', 'A/1', [['s1', 'READY', null]]),
    doc('d2', 'A/2', [['s2', 'RETRY', 'transient']]),
  ]);
  const after = snapshotOf([
    doc('d1', 'A/1', [['s1', 'REGISTERED', null]]),
    doc('d2', 'A/2', [['s2', 'RETRY', 'transient']]),
    doc('d3', 'A/3', [['s3', 'RECEIVED', null]]),
  ]);

  it('reports moved and newly seen submissions, not unchanged ones', () => {
    const changes = changesBetween(before, after);
    expect(changes.map((c) => [c.submission.submissionId, c.from, c.submission.state])).toEqual([
      ['s1', 'READY', 'REGISTERED'],
      ['s3', null, 'RECEIVED'],
    ]);
  });

  it('formats a change with time, document number, regime and the move', () => {
    const [moved, fresh] = changesBetween(before, after);
    expect(formatChange(moved, '10:15:02')).toBe('10:15:02  A/1  in-einvoice  READY -> REGISTERED\n');
    expect(formatChange(fresh, '10:15:02')).toBe('10:15:02  A/3  in-einvoice  new RECEIVED\n');
    const failed = snapshotOf([doc('d9', 'A/9', [['s9', 'REJECTED', 'rejected']])]);
    expect(formatChange(changesBetween(new Map(), failed)[0], 't')).toContain('new REJECTED [rejected]');
  });

  it('counts only states no job moves on as settled', () => {
    expect(settledCount(after)).toEqual({ settled: 1, total: 3 });
    const done = snapshotOf([
      doc('d1', 'A/1', [
        ['s1', 'WRITTEN_BACK', null],
        ['s2', 'MAPPING_FAILED', 'validation'],
        ['s3', 'WRITEBACK_FAILED', 'writeback-config'],
        ['s4', 'CANCELLED', null],
      ]),
    ]);
    expect(settledCount(done)).toEqual({ settled: 4, total: 4 });
    expect(settledCount(snapshotOf([doc('d', 'x', [['s', 'WRITEBACK_PENDING', null]])])).settled).toBe(0);
  });

  it('summarises a snapshot as counts per state', () => {
    expect(formatStateCounts(after)).toBe('1 RECEIVED, 1 REGISTERED, 1 RETRY');
    expect(formatStateCounts(new Map())).toBe('no submissions');
  });
});
