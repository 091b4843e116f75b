import type { DocumentDetail, SubmissionDetail } from './api-types';
import { formatDocumentDetail } from './document-view';

function submission(overrides: Partial<SubmissionDetail> = {}): SubmissionDetail {
  return {
    id: 'sub-1',
    documentId: 'doc-1',
    regime: 'in-einvoice',
    state: 'REGISTERED',
    attempts: 1,
    nextAttemptAt: null,
    outcomeUnknown: false,
    submittingSince: null,
    requestPayload: null,
    response: null,
    identifiers: { irn: 'a'.repeat(64), ackNo: '112610000000001', signedQr: 'eyJ...' },
    irn: 'a'.repeat(64),
    expectedIrn: null,
    ackNo: '112610000000001',
    ackDate: '2024-07-15 10:00:00',
    signedQr: 'eyJ...',
    ewbNo: null,
    validUpto: null,
    zatcaUuid: null,
    zatcaHash: null,
    zatcaIcv: null,
    zatcaStatus: null,
    errorClass: null,
    errorCode: null,
    errorMessage: null,
    fieldErrors: null,
    warnings: null,
    createdAt: '2024-07-15T10:00:00.000Z',
    updatedAt: '2024-07-15T10:00:01.000Z',
    ...overrides,
  };
}

function documentDetail(submissions: SubmissionDetail[]): DocumentDetail {
  return {
    id: 'doc-1',
    connectorInstanceId: 'ci-1',
    erpId: 'ERP-42',
    direction: 'sales',
    docType: 'INV',
    docNumber: 'KF/24-25/0042',
    docDate: '2024-07-15',
    sellerTaxId: '29AABCK1234L1ZI',
    buyerTaxId: '29AAFCM5678Q1ZE',
    canonical: null,
    effectiveCanonical: null,
    raw: null,
    sourceRef: null,
    contentHash: 'h1',
    alteredAfterRegistration: true,
    erpDeleted: false,
    normalisationErrors: null,
    overrides: { 'buyer.gstin': '29AAFCM5678Q1ZE' },
    createdAt: '2024-07-15T10:00:00.000Z',
    updatedAt: '2024-07-15T10:00:01.000Z',
    submissions,
    audit: [
      {
        id: '1',
        at: '2024-07-15T10:00:00.000Z',
        actor: 'operator:asha',
        action: 'operator-retry',
        documentId: 'doc-1',
        submissionId: 'sub-1',
        fromState: 'REJECTED',
        toState: 'RECEIVED',
        reason: 'fixed place of supply',
        details: null,
      },
    ],
  };
}

describe('formatDocumentDetail', () => {
  it('shows the summary, the flags and the overrides', () => {
    const text = formatDocumentDetail(documentDetail([submission()]));
    expect(text).toContain('Document doc-1');
    expect(text).toMatch(/Number:\s+KF\/24-25\/0042/);
    expect(text).toContain('ALTERED AFTER REGISTRATION');
    expect(text).toContain('buyer.gstin = "29AAFCM5678Q1ZE"');
  });

  it('lists identifiers once each and leaves out the QR blob', () => {
    const text = formatDocumentDetail(documentDetail([submission()]));
    expect(text).toMatch(/irn:\s+a{64}/);
    expect(text.match(/ackNo:/g)).toHaveLength(1);
    expect(text).not.toContain('eyJ');
  });

  it("lists a regime's own identifier kinds (identifiers.extra) each on its line", () => {
    const text = formatDocumentDetail(
      documentDetail([
        submission({ identifiers: { ackNo: 'XXD-000001', extra: { verificationCode: 'VC-1F2E3D4C' } } }),
      ]),
    );
    expect(text).toMatch(/verificationCode:\s+VC-1F2E3D4C/);
    expect(text).not.toContain('{"verificationCode"');
  });

  it('shows a locally computed IRN as expectedIrn, never as irn, until the IRP issues one', () => {
    const text = formatDocumentDetail(
      documentDetail([
        submission({
          state: 'READY',
          irn: null,
          expectedIrn: 'b'.repeat(64),
          ackNo: null,
          ackDate: null,
          identifiers: {},
        }),
      ]),
    );
    expect(text).toMatch(/expectedIrn:\s+b{64}/);
    expect(text).not.toMatch(/\birn:/);
  });

  it('shows the error and every field error with its path', () => {
    const text = formatDocumentDetail(
      documentDetail([
        submission({
          state: 'MAPPING_FAILED',
          irn: null,
          ackNo: null,
          ackDate: null,
          identifiers: {},
          errorClass: 'validation',
          errorCode: null,
          errorMessage: '2 field errors',
          fieldErrors: [
            {
              path: 'lines[0].hsnCode',
              rule: 'hsn.format',
              message: 'HSN must be 4, 6 or 8 digits',
              value: '12',
            },
            { path: 'buyer.address.postalCode', rule: 'required', message: 'required' },
          ],
        }),
      ]),
    );
    expect(text).toContain('in-einvoice  MAPPING_FAILED');
    expect(text).toContain('Error: [validation] 2 field errors');
    expect(text).toContain('lines[0].hsnCode: HSN must be 4, 6 or 8 digits [hsn.format] (value: 12)');
    expect(text).toContain('buyer.address.postalCode: required [required]');
    expect(text).not.toContain('Identifiers:');
  });

  it('ends with the audit trail: who, what, state change and why', () => {
    const text = formatDocumentDetail(documentDetail([submission()]));
    const audit = text.slice(text.indexOf('Audit trail (1)'));
    expect(audit).toContain('operator:asha');
    expect(audit).toContain('REJECTED -> RECEIVED');
    expect(audit).toContain('fixed place of supply');
  });

  it('says so when a document has no submissions', () => {
    expect(formatDocumentDetail(documentDetail([]))).toContain('Submissions: none');
  });

  it('shortens kilobyte-long signed tokens to their start and length', () => {
    const token = `eyJ${'x'.repeat(3000)}`;
    const text = formatDocumentDetail(
      documentDetail([submission({ identifiers: { signedInvoice: token } })]),
    );
    expect(text).toContain(`signedInvoice: ${token.slice(0, 60)}… (3003 characters; --json shows it whole)`);
    expect(text).not.toContain(token.slice(0, 200));
  });
});
