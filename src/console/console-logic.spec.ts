import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { CONSOLE_WEB_DIR } from './assets';
import { regimeReasons, type RegimeReasons } from '../api';
import { REGIME_PLUGINS } from '../regimes';

const CONSOLE_LOGIC_JS = readFileSync(join(CONSOLE_WEB_DIR, 'console-logic.js'), 'utf8');

interface Result<T> {
  ok: boolean;
  body?: T;
  errors?: string[];
}

interface Logic {
  fieldErrorsOf(
    document: { normalisationErrors?: object[] },
    submission: { fieldErrors?: object[] },
  ): { path: string; value: string; rule: string; message: string; fixPath: string }[];
  FAILURE_STATES: string[];
  ALL_STATES: string[];
  query(params: Record<string, unknown>): string;
  countRequests(): { state: string; path: string }[];
  countsFrom(totals: Record<string, number>): {
    rows: { state: string; count: number; failure: boolean }[];
    failures: number;
  };
  queueRequest(filter: { state?: string; connector?: string; errorClass?: string }, offset: number): string;
  retryFilterBody(
    filter: { state?: string; connector?: string; errorClass?: string; from?: string },
    operator: string,
    reason: string,
  ): Result<Record<string, unknown>>;
  pageSummary(offset: number, count: number, total: number, noun: string): string;
  pageMoves(offset: number, total: number): { previous: number | null; next: number | null };
  formatAge(seconds: number): string;
  describeUpload(file: string, stats: Record<string, number> | null): string;
  uploadPath(connector: string, fileName: string): string;
  inFileOrder(
    submissions: { id: string; document?: { sourceRef?: string | null } | null }[],
  ): { id: string }[];
  providerLines(
    providers: {
      throttled: { provider: string; reason: string; resumesAt: string; secondsLeft: number }[];
      circuitsOpen: { key: string; failures: number; reopensAt: string; secondsLeft: number }[];
    },
    connectorsDown: { connector: string; message: string | null }[],
    time: (iso: string) => string,
  ): string[];
  retryBody(ids: string[], operator: string, reason: string): Result<Record<string, unknown>>;
  overrideBody(
    path: string,
    text: string,
    kind: string,
    operator: string,
    reason: string,
  ): Result<Record<string, unknown>>;
  describeRetry(
    result: {
      retried: { submissionId: string }[];
      skipped: { submissionId: string; why: string }[];
      matched?: number;
      limit?: number;
    },
    byFilter?: boolean,
  ): string;
  apiErrorMessage(status: number, body: unknown): string;
  queueReason(submission: Record<string, unknown>): string;
  cancelBody(
    code: string,
    remark: string,
    operator: string,
    reason: string,
    allowed: RegimeReasons['cancelReasons'],
  ): Result<Record<string, unknown>>;
  reasonsFor(regimes: RegimeReasons[] | null, regime: string, action: string): RegimeReasons['cancelReasons'];
  cancellable(submission: Record<string, unknown> | null, regimes: unknown): boolean;
  hasQr(submission: Record<string, unknown> | null): boolean;
  exportPath(filter: Record<string, string>, format: string): string;
  formatDateTime(value: string | null): string;
  submissionSummary(
    document: Record<string, unknown>,
    submissionId: string,
    regimes?: unknown,
  ): {
    docNumber: string;
    identifiers: { label: string; value: string }[];
    docDate: string;
    regime: string;
    errorClass: string;
    authorityCode: string;
    authorityMessage: string;
    warnings: string[];
    fieldErrors: { path: string; value: string; rule: string; message: string }[];
    audit: { at: string; actor: string; action: string; transition: string; reason: string }[];
  };
}

/** Evaluates the exact file the browser gets. JSON round-trips turn results into plain Node objects. */
function loadLogic(): Logic {
  const context: { ConsoleLogic?: Logic } = {};
  runInNewContext(CONSOLE_LOGIC_JS, context);
  if (!context.ConsoleLogic) throw new Error('console-logic.js did not define ConsoleLogic');
  return context.ConsoleLogic;
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('console logic (the served console-logic.js)', () => {
  const logic = loadLogic();

  it('lists a field error once when the submission repeats the document normalisation errors', () => {
    const error = {
      path: 'voucher.ALLINVENTORYENTRIES[1].RATE',
      value: 'abc/nos',
      rule: 'rate',
      message: 'rate is unreadable',
    };
    const other = { path: 'rows[3].HSN', rule: 'required', message: 'HSN is missing' };
    const listed = plain(
      logic.fieldErrorsOf({ normalisationErrors: [error] }, { fieldErrors: [error, other] }),
    );
    expect(listed).toEqual([
      { ...error, fixPath: error.path },
      { ...other, value: '', fixPath: other.path },
    ]);
  });

  it('offers the canonical field to override for an error on a regime payload field', () => {
    const error = {
      path: 'ItemList[0].HsnCd',
      canonicalPath: 'lines[0].hsnCode',
      value: '00',
      rule: 'irn.hsn.format',
      message: 'must be 4, 6 or 8 digits',
    };
    const [listed] = plain(logic.fieldErrorsOf({}, { fieldErrors: [error] }));
    expect(listed.path).toBe('ItemList[0].HsnCd');
    expect(listed.fixPath).toBe('lines[0].hsnCode');
  });

  it('builds query strings, encoding values and dropping empty ones', () => {
    expect(logic.query({ state: 'REJECTED', connector: 'tally & co', errorClass: '', limit: 5 })).toBe(
      '?state=REJECTED&connector=tally%20%26%20co&limit=5',
    );
    expect(logic.query({ a: undefined, b: null })).toBe('');
  });

  it('asks one count per state and sums the failure states', () => {
    const requests = plain(logic.countRequests());
    expect(requests).toHaveLength(11);
    expect(requests[0]).toEqual({ state: 'RECEIVED', path: '/submissions?state=RECEIVED&limit=1' });
    const counts = plain(logic.countsFrom({ REJECTED: 3, MAPPING_FAILED: 2, WRITTEN_BACK: 40 }));
    expect(counts.failures).toBe(5);
    expect(counts.rows.find((r) => r.state === 'REJECTED')).toEqual({
      state: 'REJECTED',
      count: 3,
      failure: true,
    });
    expect(counts.rows.find((r) => r.state === 'READY')?.count).toBe(0);
  });

  it('asks the server for one page of the whole failure queue, or of one chosen state', () => {
    expect(logic.queueRequest({ connector: 'erp' }, 0)).toBe(
      '/submissions?failing=true&connector=erp&limit=50',
    );
    expect(logic.queueRequest({ state: 'REJECTED', errorClass: 'rejected' }, 100)).toBe(
      '/submissions?state=REJECTED&errorClass=rejected&limit=50&offset=100',
    );
  });

  it('retries all over the filter, not the rows shown', () => {
    expect(
      plain(
        logic.retryFilterBody({ connector: 'erp', state: '', from: '2026-11-01' }, 'asha', 'GSTIN fixed'),
      ),
    ).toEqual({
      ok: true,
      body: {
        filter: { failing: true, connector: 'erp', from: '2026-11-01' },
        operator: 'asha',
        reason: 'GSTIN fixed',
      },
    });
    expect(plain(logic.retryFilterBody({ state: 'REJECTED' }, 'asha', 'GSTIN fixed')).body).toEqual({
      filter: { state: 'REJECTED' },
      operator: 'asha',
      reason: 'GSTIN fixed',
    });
    expect(plain(logic.retryFilterBody({}, '', 'GSTIN fixed')).ok).toBe(false);
    expect(
      logic.describeRetry({ retried: [{ submissionId: 'a' }], skipped: [], matched: 1, limit: 1000 }, true),
    ).toBe('Retried 1, skipped 0 of the 1 matching the filter.');
    expect(logic.describeRetry({ retried: [], skipped: [], matched: 1500, limit: 1000 }, true)).toBe(
      'Retried 0, skipped 0 of the 1500 matching the filter. Only the first 1000 were taken: retry all again for the rest.',
    );
  });

  it('pages: the range shown, the total, and where the previous and next pages start', () => {
    expect(logic.pageSummary(0, 0, 0, 'failed submission(s)')).toBe('Showing 0 of 0 failed submission(s).');
    expect(logic.pageSummary(50, 50, 230, 'failed submission(s)')).toBe(
      'Showing 51\u2013100 of 230 failed submission(s).',
    );
    expect(plain(logic.pageMoves(0, 230))).toEqual({ previous: null, next: 50 });
    expect(plain(logic.pageMoves(200, 230))).toEqual({ previous: 150, next: null });
    expect(plain(logic.pageMoves(0, 50))).toEqual({ previous: null, next: null });
  });

  it('says how long the oldest document waits, and which providers are pacing or down', () => {
    expect(logic.formatAge(42)).toBe('42 s');
    expect(logic.formatAge(12 * 60 + 5)).toBe('12 min');
    expect(logic.formatAge(5 * 3600 + 20 * 60)).toBe('5 h 20 min');
    expect(logic.formatAge(3 * 86400 + 4 * 3600 + 59)).toBe('3 d 4 h');
    expect(
      plain(
        logic.providerLines(
          {
            throttled: [
              { provider: 'gsp-einvoice', reason: 'client-pacing', resumesAt: 'T1', secondsLeft: 2 },
            ],
            circuitsOpen: [{ key: 'https://irp.example', failures: 5, reopensAt: 'T2', secondsLeft: 15 }],
          },
          [{ connector: 'tally', message: 'connection refused' }],
          (iso) => `<${iso}>`,
        ),
      ),
    ).toEqual([
      'gsp-einvoice is pacing (configured allowance): calls wait until <T1> (2 s)',
      'https://irp.example is down (5 failed calls): calls are held until <T2> (15 s)',
      'connector tally is down: connection refused',
    ]);
  });

  it("uploads to the connector's file route and says what the pull read", () => {
    expect(logic.uploadPath('books & co', 'sales nov.csv')).toBe(
      '/connectors/books%20%26%20co/files?filename=sales%20nov.csv',
    );
    expect(
      logic.describeUpload('s.csv', { created: 3, updated: 1, unchanged: 0, problems: 2, batches: 1 }),
    ).toBe('s.csv was read: 3 new document(s), 1 updated, 0 unchanged; 2 problem(s) in the file.');
    expect(logic.describeUpload('s.csv', null)).toBe('s.csv was read.');
    expect(
      plain(
        logic.inFileOrder([
          { id: 'c', document: { sourceRef: 's.csv rows 104-105' } },
          { id: 'x', document: null },
          { id: 'a', document: { sourceRef: 's.csv row 2' } },
          { id: 'b', document: { sourceRef: 's.csv rows 12-13' } },
        ]),
      ).map((s) => s.id),
    ).toEqual(['a', 'b', 'c', 'x']);
  });

  it('requires operator and reason for a retry, and trims them', () => {
    expect(plain(logic.retryBody(['id-1'], '  asha ', ' GSTIN fixed in ERP '))).toEqual({
      ok: true,
      body: { ids: ['id-1'], operator: 'asha', reason: 'GSTIN fixed in ERP' },
    });
    const missing = plain(logic.retryBody(['id-1'], ' ', 'no'));
    expect(missing.ok).toBe(false);
    expect(missing.errors).toEqual([
      'operator name is required (1-100 characters)',
      'reason is required (3-500 characters)',
    ]);
    expect(plain(logic.retryBody([], 'asha', 'because')).errors).toEqual(['no submission to retry']);
  });

  it('builds an override body from a field path and a typed value', () => {
    expect(plain(logic.overrideBody('buyer.gstin', '29AAGCB1286Q1Z4', 'text', 'asha', 'typo'))).toEqual({
      ok: true,
      body: { overrides: { 'buyer.gstin': '29AAGCB1286Q1Z4' }, operator: 'asha', reason: 'typo' },
    });
    expect(plain(logic.overrideBody('lines[2].qty', '{"a":1}', 'json', 'asha', 'typo')).body).toEqual({
      overrides: { 'lines[2].qty': { a: 1 } },
      operator: 'asha',
      reason: 'typo',
    });
    expect(plain(logic.overrideBody('buyer.pos', 'x', 'remove', 'asha', 'typo')).body).toEqual({
      overrides: { 'buyer.pos': null },
      operator: 'asha',
      reason: 'typo',
    });
    const bad = plain(logic.overrideBody('buyer..gstin', '{', 'json', 'asha', 'typo'));
    expect(bad.ok).toBe(false);
    expect(bad.errors).toEqual([
      'field path must look like buyer.gstin or lines[0].hsnCode',
      'value is not valid JSON',
    ]);
  });

  it('describes retry results and API errors in one line', () => {
    expect(
      logic.describeRetry({
        retried: [{ submissionId: 'a' }],
        skipped: [{ submissionId: '0123456789abcdef', why: 'not in a retryable state' }],
      }),
    ).toBe('Retried 1, skipped 1. 01234567: not in a retryable state');
    expect(
      logic.apiErrorMessage(400, {
        message: 'request validation failed',
        errors: [{ path: 'reason', message: 'reason must be longer than or equal to 3 characters' }],
      }),
    ).toBe(
      'HTTP 400: request validation failed (reason: reason must be longer than or equal to 3 characters)',
    );
    expect(logic.apiErrorMessage(404, { message: ['a', 'b'] })).toBe('HTTP 404: a; b');
    expect(logic.apiErrorMessage(502, null)).toBe('HTTP 502');
  });

  it('formats timestamps in UTC and leaves unparsable text alone', () => {
    expect(logic.formatDateTime('2026-11-22T10:04:05.123Z')).toBe('2026-11-22 10:04:05 UTC');
    expect(logic.formatDateTime('soon')).toBe('soon');
    expect(logic.formatDateTime(null)).toBe('');
  });

  it('summarises one submission of a document: authority error, field errors, audit trail', () => {
    const summary = plain(
      logic.submissionSummary(
        {
          docNumber: 'INV/7',
          docDate: '2026-11-20',
          normalisationErrors: [
            { path: 'buyer.pin', rule: 'pin.format', message: 'six digits', value: '12' },
          ],
          submissions: [
            { id: 's-2', regime: 'in-ewaybill', state: 'READY' },
            {
              id: 's-1',
              regime: 'in-einvoice',
              state: 'REJECTED',
              attempts: 1,
              errorClass: 'rejected',
              errorCode: '2150',
              errorMessage: 'Duplicate IRN',
              fieldErrors: [{ path: 'buyer.gstin', rule: 'gstin.checkDigit', message: 'bad check digit' }],
            },
          ],
          audit: [
            {
              at: '2026-11-20T01:02:03.000Z',
              actor: 'system',
              action: 'submit',
              submissionId: 's-1',
              fromState: 'SUBMITTING',
              toState: 'REJECTED',
              reason: null,
            },
          ],
        },
        's-1',
      ),
    );
    expect(summary).toMatchObject({
      docNumber: 'INV/7',
      docDate: '2026-11-20',
      regime: 'in-einvoice',
      errorClass: 'rejected',
      authorityCode: '2150',
      authorityMessage: 'Duplicate IRN',
    });
    expect(summary.fieldErrors).toEqual([
      {
        path: 'buyer.gstin',
        value: '',
        rule: 'gstin.checkDigit',
        message: 'bad check digit',
        fixPath: 'buyer.gstin',
      },
      { path: 'buyer.pin', value: '12', rule: 'pin.format', message: 'six digits', fixPath: 'buyer.pin' },
    ]);
    expect(summary.audit).toEqual([
      {
        at: '2026-11-20 01:02:03 UTC',
        actor: 'system',
        action: 'submit',
        submission: 's-1',
        transition: 'SUBMITTING \u2192 REJECTED',
        reason: '',
      },
    ]);
    expect(summary.warnings).toEqual([]);
  });

  it("shows a registration's warnings, such as an e-way bill not asked for with the IRN", () => {
    const summary = plain(
      logic.submissionSummary(
        {
          docNumber: 'INV/8',
          submissions: [
            {
              id: 's-1',
              regime: 'in-einvoice',
              state: 'WRITTEN_BACK',
              irn: 'a'.repeat(64),
              warnings: [
                { code: 'EWB_NOT_REQUESTED', message: 'this document needs an e-way bill' },
                { message: 'an IRP alert' },
              ],
            },
          ],
          audit: [],
        },
        's-1',
      ),
    );
    expect(summary.warnings).toEqual([
      'EWB_NOT_REQUESTED: this document needs an e-way bill',
      'an IRP alert',
    ]);
  });

  it("shows a regime's own identifier kinds under the labels GET /regimes gives them", () => {
    const document = {
      docNumber: 'XX/1',
      submissions: [
        {
          id: 's-1',
          regime: 'xx-demo',
          state: 'WRITTEN_BACK',
          ackNo: 'XXD-000001',
          identifiers: { ackNo: 'XXD-000001', extra: { verificationCode: 'VC-1F2E3D4C', other: 'o-1' } },
        },
      ],
      audit: [],
    };
    const regimes = [
      { name: 'xx-demo', identifierFields: [{ code: 'verificationCode', label: 'Verification code' }] },
    ];
    expect(plain(logic.submissionSummary(document, 's-1', regimes)).identifiers).toEqual([
      { label: 'Ack no', value: 'XXD-000001' },
      { label: 'Verification code', value: 'VC-1F2E3D4C' },
      // A key the regime does not label is shown under its own name.
      { label: 'other', value: 'o-1' },
    ]);
  });

  it('gives the queue a one-line reason: the message, then the canonical path of the first field error', () => {
    expect(
      logic.queueReason({
        errorMessage: '1 field error(s) against in-einvoice',
        fieldErrors: [
          { path: 'BuyerDtls.Gstin', canonicalPath: 'buyer.gstin', message: '[2211] same GSTIN' },
          { path: 'x', message: 'second' },
        ],
      }),
    ).toBe('1 field error(s) against in-einvoice \u2014 buyer.gstin: [2211] same GSTIN');
    expect(logic.queueReason({ errorMessage: 'Invalid place of supply', fieldErrors: null })).toBe(
      'Invalid place of supply',
    );
  });

  it("offers each regime's own reason lists, as GET /regimes serves them", () => {
    const served = regimeReasons(REGIME_PLUGINS.map((plugin) => plugin.descriptor));
    const ewaybill = logic.reasonsFor(served, 'in-ewaybill', 'cancel');
    const einvoice = logic.reasonsFor(served, 'in-einvoice', 'cancel');
    // The same words carry different codes: a console with the IRN's list cancels a bill as "order cancelled".
    expect(ewaybill.find((r) => r.label === 'data entry mistake')?.code).toBe('3');
    expect(ewaybill.find((r) => r.code === '2')?.label).toBe('order cancelled');
    expect(einvoice.find((r) => r.label === 'data entry mistake')?.code).toBe('2');
    expect(logic.reasonsFor(served, 'in-ewaybill', 'part-b').map((r) => r.code)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(logic.reasonsFor(served, 'in-ewaybill', 'extend').map((r) => r.code)).toEqual([
      '1',
      '2',
      '4',
      '5',
      '99',
    ]);
    expect(logic.reasonsFor(served, 'sa-zatca', 'cancel')).toEqual([]);
    expect(logic.reasonsFor(null, 'in-ewaybill', 'cancel')).toEqual([]);
    // The page hard-codes no reason list: its dropdowns are filled from GET /regimes.
    const page = readFileSync(join(CONSOLE_WEB_DIR, 'index.html'), 'utf8');
    expect(page).toMatch(/<select id="cancel-code">\s*<\/select\s*>/);
  });

  it('builds cancel requests and offers cancel and QR only for live India registrations', () => {
    const served = regimeReasons(REGIME_PLUGINS.map((plugin) => plugin.descriptor));
    const reasons = logic.reasonsFor(served, 'in-ewaybill', 'cancel');
    expect(logic.cancelBody('2', ' wrong qty ', 'asha', 'customer asked', reasons)).toEqual({
      ok: true,
      body: { reasonCode: '2', remark: 'wrong qty', operator: 'asha', reason: 'customer asked' },
    });
    expect(logic.cancelBody('5', '', 'asha', 'x', reasons)).toEqual({
      ok: false,
      errors: [
        'reason is required (3-500 characters)',
        'cancel reason must be one of 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others',
        'remark is required (1-100 characters)',
      ],
    });
    expect(logic.cancelBody('1', 'dup', 'asha', 'customer asked', [])).toEqual({
      ok: false,
      errors: ['the cancel reasons of this regime are not loaded yet'],
    });
    const regimes = regimeReasons(REGIME_PLUGINS.map((plugin) => plugin.descriptor));
    expect(logic.cancellable({ state: 'WRITTEN_BACK', regime: 'in-einvoice' }, regimes)).toBe(true);
    expect(logic.cancellable({ state: 'WRITTEN_BACK', regime: 'in-ewaybill' }, regimes)).toBe(true);
    expect(logic.cancellable({ state: 'WRITTEN_BACK', regime: 'sa-zatca' }, regimes)).toBe(false);
    expect(logic.cancellable({ state: 'REJECTED', regime: 'in-einvoice' }, regimes)).toBe(false);
    // Before GET /regimes answers, nothing is offered.
    expect(logic.cancellable({ state: 'WRITTEN_BACK', regime: 'in-einvoice' }, null)).toBe(false);
    expect(logic.hasQr({ state: 'WRITTEN_BACK', signedQr: 'eyJ...' })).toBe(true);
    expect(logic.hasQr({ state: 'CANCELLED', signedQr: 'eyJ...' })).toBe(false);
    expect(logic.hasQr({ state: 'REJECTED', signedQr: null })).toBe(false);
  });

  it('exports the queue with the same filters it shows', () => {
    expect(
      logic.exportPath(
        { state: '', connector: 'books', errorClass: 'rejected', from: '2026-11-01', to: '' },
        'xlsx',
      ),
    ).toBe('/exports/failures.xlsx?connector=books&errorClass=rejected&from=2026-11-01');
  });
});
