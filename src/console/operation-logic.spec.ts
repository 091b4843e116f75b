import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { CONSOLE_WEB_DIR } from './assets';
import { regimeReasons } from '../api';
import { REGIME_PLUGINS } from '../regimes';

const OPERATION_LOGIC_JS = readFileSync(join(CONSOLE_WEB_DIR, 'operation-logic.js'), 'utf8');

interface Logic {
  offeredOperations(
    regimes: { name: string; operations: { name: string }[] }[] | null,
    submission: { regime: string; state: string } | null,
    forms: string[],
  ): string[];
  operationBody(
    fields: { name: string; value: string }[],
    lists: string[],
    who: { operator: string; reason: string },
  ): Record<string, unknown>;
  placeErrors(body: unknown, fieldNames: string[]): { byField: Record<string, string[]>; other: string[] };
  describeDone(
    answer: {
      operation: string;
      submissions: { id: string; ewbNo?: string | null; validUpto?: string | null }[];
      result?: Record<string, unknown> | null;
    },
    time: (iso: string) => string,
  ): string;
}

/** Evaluates the exact file the browser gets. */
function loadLogic(): Logic {
  const context: { OperationLogic?: Logic } = {};
  runInNewContext(OPERATION_LOGIC_JS, context);
  if (!context.OperationLogic) throw new Error('operation-logic.js did not define OperationLogic');
  return context.OperationLogic;
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const L = loadLogic();
const REGIMES = regimeReasons(REGIME_PLUGINS.map((plugin) => plugin.descriptor));
const FORMS = ['part-b', 'transporter', 'extend', 'consolidate'];
const withOperations = REGIMES.find((r) => r.operations.length > 0)!;
const withoutOperations = REGIMES.find((r) => r.operations.length === 0)!;

describe('console operation logic (operation-logic.js)', () => {
  it("offers the forms whose operation the submission's regime declares, while its registration is active", () => {
    const declared = withOperations.operations.map((o) => o.name);
    expect(
      plain(L.offeredOperations(REGIMES, { regime: withOperations.name, state: 'REGISTERED' }, FORMS)),
    ).toEqual(FORMS.filter((name) => declared.includes(name)));
    expect(declared).toEqual(expect.arrayContaining(FORMS));
    for (const state of ['CANCELLED', 'REJECTED', 'SUBMITTING', 'MAPPING_FAILED'])
      expect(plain(L.offeredOperations(REGIMES, { regime: withOperations.name, state }, FORMS))).toEqual([]);
    expect(
      plain(L.offeredOperations(REGIMES, { regime: withoutOperations.name, state: 'REGISTERED' }, FORMS)),
    ).toEqual([]);
    expect(
      plain(L.offeredOperations(null, { regime: withOperations.name, state: 'REGISTERED' }, FORMS)),
    ).toEqual([]);
  });

  it('sends the filled fields trimmed, leaves empty ones out, gathers a list and adds the operator', () => {
    const body = L.operationBody(
      [
        { name: 'vehicleNo', value: ' KA01AB1234 ' },
        { name: 'transDocNo', value: '  ' },
        { name: 'submissionIds', value: 'a' },
        { name: 'submissionIds', value: 'b' },
      ],
      ['submissionIds'],
      { operator: ' asha ', reason: ' truck changed ' },
    );
    expect(plain(body)).toEqual({
      vehicleNo: 'KA01AB1234',
      submissionIds: ['a', 'b'],
      operator: 'asha',
      reason: 'truck changed',
    });
  });

  it("places a 400's errors by the form field that shows them, the rest in the form's message", () => {
    const placed = L.placeErrors(
      {
        message: 'Validation failed',
        errors: [
          { path: 'vehicleNo', message: 'vehicleNo must be 7-15 letters and digits' },
          { path: 'submissionIds[0]', message: 'each value must be a UUID' },
          { path: 'operator', message: 'operator is required' },
        ],
      },
      ['vehicleNo', 'submissionIds'],
    );
    expect(plain(placed)).toEqual({
      byField: {
        vehicleNo: ['vehicleNo must be 7-15 letters and digits'],
        submissionIds: ['each value must be a UUID'],
      },
      other: ['operator: operator is required'],
    });
    expect(plain(L.placeErrors({ message: 'is CANCELLED' }, ['vehicleNo']))).toEqual({
      byField: {},
      other: [],
    });
  });

  it('says the new validity as the API states it and as read, and a consolidated number', () => {
    const time = (iso: string) => `<${iso}>`;
    expect(
      L.describeDone(
        {
          operation: 'consolidate',
          submissions: [{ id: 'abcdef0123', ewbNo: '301', validUpto: '2026-11-30T23:59:00+05:30' }],
          result: { consolidatedEwbNo: '1300004521', date: '29/11/2026 10:03:14 AM' },
        },
        time,
      ),
    ).toBe(
      'Done: consolidate. Consolidated e-way bill 1300004521. e-way bill 301 valid until ' +
        '<2026-11-30T23:59:00+05:30> (2026-11-30T23:59:00+05:30).',
    );
    expect(L.describeDone({ operation: 'transporter', submissions: [{ id: 'abcdef0123' }] }, time)).toBe(
      'Done: transporter. submission abcdef01.',
    );
  });
});
