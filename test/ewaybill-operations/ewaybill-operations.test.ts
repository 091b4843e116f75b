/**
 * E-way bill operations through the operator API, on the real app (real PostgreSQL) and the sandbox's
 * e-way bill system over HTTP: bills are generated with the product's client against the sandbox and
 * seeded as in-ewaybill submissions, then changed through /ewaybills (the aliases of the generic
 * operation and cancel routes): Part-B, transporter, extension and cancellation inside and outside their
 * windows (the sandbox clock and the service's clock moved
 * together), consolidation, the expiring list and the scheduled auto-extension. Each change is stored
 * and audited; refusals too.
 */
import { randomUUID } from 'node:crypto';
import { istDateTime } from '../../src/domain';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { DataSource } from 'typeorm';
import {
  type CatalogAEwaybillClient,
  EWAYBILL_EXPIRY_CHECK,
  EWAYBILL_OPERATIONS,
  expiringBills,
  type AutoExtension,
  type ExpiringBill,
  type EwaybillGenerated,
} from '../../src/regimes/in-ewaybill';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { RegimeJobContextService } from '../../src/sync/regime-job-context.service';
import { RegimeJobs } from '../../src/sync/regime-jobs';
import { RegimeOperationsService } from '../../src/sync/regime-operations.service';
import { seedBill } from './seeded-bill';
import { SELLER, startEwaybillWorld, type EwaybillWorld } from './ewaybill-world';
import { api } from '../einvoice-e2e/support';
import { runCli } from '../cli/cli-harness';
import { TEST_API_KEY, type TestApp } from '../support/test-app';

const HOUR = 3600_000;
const TRANSPORTER = '29AAACW4202F1ZM';
const operator = { operator: 'asha', reason: 'truck changed at Hubballi' };
const AUTO_EXTEND = {
  remainingDistanceKm: 50,
  reasonCode: '1',
  remark: 'Flood on NH48',
  fromPlace: 'Hubballi',
  fromState: 29,
  fromPincode: 580020,
  consignmentStatus: 'M',
  vehicleNo: 'KA01AB1234',
  transMode: '1',
};

let sandbox: RunningSandbox;
let app: TestApp;
let db: DataSource;
let generator: CatalogAEwaybillClient;
let world: EwaybillWorld | undefined;

beforeAll(async () => {
  world = await startEwaybillWorld({ autoExtend: AUTO_EXTEND });
  ({ sandbox, app, db, generator } = world);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  sandbox.clock.reset();
});

/** A bill generated at the sandbox's "now" (Part-A only without a vehicle), seeded as a REGISTERED submission. */
async function seededBill(
  options: { distanceKm?: number; partAOnly?: boolean; state?: string } = {},
): Promise<{ submissionId: string; generated: EwaybillGenerated }> {
  const { submissionId, generated } = await seedBill(
    { db, generator, sandbox, seller: SELLER },
    { docPrefix: 'W', ...options },
  );
  return { submissionId, generated };
}

async function row(submissionId: string) {
  const [found] = await db.query<
    { state: string; valid_upto: string | null; identifiers: Record<string, string> }[]
  >(`SELECT state, valid_upto, identifiers FROM submission WHERE id = $1`, [submissionId]);
  return found;
}

async function audits(submissionId: string) {
  return db.query<{ actor: string; action: string; reason: string; details: Record<string, unknown> }[]>(
    `SELECT actor, action, reason, details FROM audit_event WHERE submission_id = $1 ORDER BY id`,
    [submissionId],
  );
}

function post(path: string, body: unknown) {
  return api(app.url, path, { method: 'POST', body: JSON.stringify(body) });
}

const at = (ist: string) => new Date(`${ist}+05:30`);

describe('Part-B update', () => {
  it('enters the vehicle of a Part-A only bill: validity starts, stored and audited', async () => {
    const { submissionId, generated } = await seededBill({ partAOnly: true, distanceKm: 250 });
    expect(generated.validUpto).toBeUndefined();
    const res = await post(`/ewaybills/${submissionId}/part-b`, {
      vehicleNo: 'ka01ab1234',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: '4',
      reasonRemark: 'First time',
      transMode: '1',
      ...operator,
    });
    expect(res.status).toBe(200);
    const stored = await row(submissionId);
    const validUpto = sandbox.einvoice.ewaybill.details(generated.ewbNo, { gstin: SELLER });
    expect(istDateTime(validUpto.ok ? String(validUpto.data.validUpto) : undefined)).toBe(stored.valid_upto);
    expect(stored.identifiers.ewbValidUpto).toBe(stored.valid_upto);
    expect(stored.valid_upto).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:00\+05:30$/);
    expect(await audits(submissionId)).toEqual([
      expect.objectContaining({
        actor: 'operator:asha',
        action: 'ewaybill-part-b',
        reason: operator.reason,
        details: expect.objectContaining({ vehicleNo: 'KA01AB1234', reasonCode: '4' }),
      }),
    ]);
  });

  it('sends a written-back bill back to the ERP with its new validity (WRITEBACK_PENDING)', async () => {
    const { submissionId } = await seededBill({ partAOnly: true, state: 'WRITTEN_BACK' });
    const res = await post(`/ewaybills/${submissionId}/part-b`, {
      vehicleNo: 'KA01AB1234',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: '4',
      reasonRemark: 'First time',
      transMode: '1',
      ...operator,
    });
    expect(res.status).toBe(200);
    const stored = await row(submissionId);
    expect(stored.state).toBe('WRITEBACK_PENDING');
    expect(stored.valid_upto).toMatch(/T23:59:00\+05:30$/);
    const [audit] = await db.query<{ from_state: string; to_state: string }[]>(
      `SELECT from_state, to_state FROM audit_event WHERE submission_id = $1`,
      [submissionId],
    );
    expect(audit).toEqual({ from_state: 'WRITTEN_BACK', to_state: 'WRITEBACK_PENDING' });
  });

  it('answers 400 with the field, value and rule for a bad reason code or vehicle, sending nothing', async () => {
    const { submissionId } = await seededBill();
    const res = await post(`/ewaybills/${submissionId}/part-b`, {
      vehicleNo: 'KA-01',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: '7',
      reasonRemark: 'x',
      transMode: '1',
      ...operator,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { path: string; value?: string }[] };
    expect(body.errors.map((e) => e.path).sort()).toEqual(['reasonCode', 'vehicleNo']);
    expect(body.errors.find((e) => e.path === 'reasonCode')?.value).toBe('"7"');
    expect(await audits(submissionId)).toEqual([]);
  });

  it("keeps the e-way bill system's refusal (311 after validity lapsed), audited", async () => {
    const { submissionId } = await seededBill({ distanceKm: 100 });
    sandbox.clock.advance(3 * 24 * HOUR);
    const res = await post(`/ewaybills/${submissionId}/part-b`, {
      vehicleNo: 'KA01AB9999',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: '1',
      reasonRemark: 'Break down',
      transMode: '1',
      ...operator,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errorClass: 'rejected', code: '311' });
    expect((await audits(submissionId)).map((a) => a.action)).toEqual(['ewaybill-part-b-refused']);
  });
});

describe('transporter update', () => {
  it('assigns the transporter at the e-way bill system, audited', async () => {
    const { submissionId, generated } = await seededBill();
    const res = await post(`/ewaybills/${submissionId}/transporter`, {
      transporterId: TRANSPORTER,
      ...operator,
    });
    expect(res.status).toBe(200);
    expect(sandbox.einvoice.ewaybill.store.find(generated.ewbNo)?.transporterId).toBe(TRANSPORTER);
    expect((await audits(submissionId)).map((a) => [a.action, a.details.transporterId])).toEqual([
      ['ewaybill-transporter', TRANSPORTER],
    ]);
  });
});

describe('validity extension', () => {
  const extension = {
    remainingDistanceKm: 120,
    reasonCode: '5',
    remark: 'Accident',
    fromPlace: 'Hubballi',
    fromState: 29,
    fromPincode: 580020,
    consignmentStatus: 'M',
    vehicleNo: 'KA01AB1234',
    transMode: '1',
  };

  it('is refused here, before asking, outside 8 hours either side of expiry (409, 382)', async () => {
    const { submissionId, generated } = await seededBill();
    const res = await post(`/ewaybills/${submissionId}/extend`, { ...extension, ...operator });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('382');
    expect(body.message).toContain('8 hours before to 8 hours after');
    expect(sandbox.einvoice.ewaybill.store.find(generated.ewbNo)?.extendedTimes).toBe(0);
  });

  it('extends inside the window: the new validity is stored and audited', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const { submissionId } = await seededBill({ distanceKm: 150 });
    expect((await row(submissionId)).valid_upto).toBe('2024-03-02T23:59:00+05:30');
    const now = at('2024-03-02T20:00:00');
    sandbox.clock.set(now);
    const operations = app.app.get(RegimeOperationsService);
    const extend = (body: object, at: Date) =>
      operations.run({
        operation: 'extend',
        submissionId,
        body,
        actor: `operator:${operator.operator}`,
        reason: operator.reason,
        now: at.getTime(),
      });
    const before = (await extend({ ...extension, consignmentStatus: 'M', remainingDistanceKm: 120 }, now))
      .submissions[0];
    expect(before.validUpto).toBe('2024-03-03T23:59:00+05:30');
    expect((await row(submissionId)).identifiers.ewbValidUpto).toBe('2024-03-03T23:59:00+05:30');
    const [audit] = await audits(submissionId);
    expect(audit).toMatchObject({
      action: 'ewaybill-extend',
      details: { previousValidUpto: '2024-03-02T23:59:00+05:30', validUpto: '2024-03-03T23:59:00+05:30' },
    });
    // 8 hours and a minute after the new end: refused here.
    const late = at('2024-03-04T08:00:00');
    await expect(extend({ ...extension, consignmentStatus: 'M' }, late)).rejects.toMatchObject({
      response: { code: '382' },
    });
  });

  it('is refused for a Part-A only bill (409, 381)', async () => {
    const { submissionId } = await seededBill({ partAOnly: true });
    const res = await post(`/ewaybills/${submissionId}/extend`, { ...extension, ...operator });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: '381' });
  });
});

describe('cancellation', () => {
  it('cancels within 24 hours: CANCELLED here and at the e-way bill system, audited', async () => {
    const { submissionId, generated } = await seededBill();
    const res = await post(`/ewaybills/${submissionId}/cancel`, {
      reasonCode: '2',
      remark: 'Order cancelled',
      ...operator,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: 'CANCELLED' });
    expect(sandbox.einvoice.ewaybill.store.find(generated.ewbNo)?.status).toBe('CNL');
    expect((await audits(submissionId)).map((a) => [a.action, a.details.reasonCode])).toEqual([
      ['operator-cancel', '2'],
    ]);
  });

  it('is refused here after 24 hours (409, 728) and the bill stays active', async () => {
    sandbox.clock.set(new Date(Date.now() - 25 * HOUR));
    const { submissionId, generated } = await seededBill();
    sandbox.clock.reset();
    const res = await post(`/ewaybills/${submissionId}/cancel`, {
      reasonCode: '1',
      remark: 'Duplicate',
      ...operator,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: '728' });
    expect(sandbox.einvoice.ewaybill.store.find(generated.ewbNo)?.status).toBe('ACT');
    expect((await row(submissionId)).state).toBe('REGISTERED');
  });

  it("takes the e-way bill system's reason codes 1-4 only (400 otherwise)", async () => {
    const { submissionId } = await seededBill();
    const res = await post(`/ewaybills/${submissionId}/cancel`, {
      reasonCode: '5',
      remark: 'x',
      ...operator,
    });
    expect(res.status).toBe(400);
  });
});

describe('consolidated e-way bill', () => {
  it('puts several bills on one vehicle; a Part-A only bill gets its validity from the trip', async () => {
    const first = await seededBill();
    const partA = await seededBill({ partAOnly: true, distanceKm: 450 });
    const res = await post('/ewaybills/consolidate', {
      submissionIds: [first.submissionId, partA.submissionId],
      vehicleNo: 'KA05MN4321',
      fromPlace: 'Bengaluru',
      fromState: 29,
      transMode: '1',
      ...operator,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { consolidatedEwbNo: string; date: string };
    expect(body.consolidatedEwbNo).toMatch(/^\d{10}$/);
    // The e-way bill dates' one form (IST), not the system's "dd/mm/yyyy hh:mm:ss AM".
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await row(partA.submissionId)).valid_upto).toMatch(/T23:59:00\+05:30$/);
    for (const { submissionId } of [first, partA]) {
      expect((await audits(submissionId)).map((a) => [a.action, a.details.consolidatedEwbNo])).toEqual([
        ['ewaybill-consolidate', body.consolidatedEwbNo],
      ]);
    }
  });
});

describe('consolidation limits', () => {
  it('refuses 1,001 bills with 400 "at most 1000" before looking any up (issue 30)', async () => {
    const ids = Array.from({ length: 1001 }, () => randomUUID());
    for (const path of ['/ewaybills/consolidate', '/submissions/operations/consolidate']) {
      const res = await post(path, {
        submissionIds: ids,
        vehicleNo: 'KA05MN4321',
        fromPlace: 'Bengaluru',
        fromState: 29,
        transMode: '1',
        ...operator,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: { path: string; message: string }[] };
      expect(body.errors.map((e) => e.path)).toEqual(['submissionIds']);
      expect(body.errors[0].message).toMatch(/1000/);
    }
  });
});

describe('expiring bills', () => {
  it('lists bills ending soon and extends those in their window where the instance configures it', async () => {
    sandbox.clock.set(at('2024-05-01T10:00:00'));
    const soon = await seededBill({ distanceKm: 100 });
    const later = await seededBill({ distanceKm: 1500 });
    const now = at('2024-05-02T18:00:00').getTime();
    sandbox.clock.set(new Date(now));
    const jobs = app.app.get(RegimeJobContextService);
    const listed = await expiringBills(jobs.context('in-ewaybill', now), { withinHours: 12 });
    const ids = listed.map((bill) => bill.submissionId);
    expect(ids).toContain(soon.submissionId);
    expect(ids).not.toContain(later.submissionId);
    expect(listed.find((bill) => bill.submissionId === soon.submissionId)).toMatchObject({
      extendable: true,
    });

    const run = (await app.app.get(RegimeJobs).run(EWAYBILL_EXPIRY_CHECK, jobs.boundAt(now))) as {
      expiring: ExpiringBill[];
      extensions: AutoExtension[];
    };
    expect(run.extensions).toContainEqual(
      expect.objectContaining({
        submissionId: soon.submissionId,
        outcome: 'extended',
        validUpto: '2024-05-03T23:59:00+05:30',
      }),
    );
    expect((await row(soon.submissionId)).valid_upto).toBe('2024-05-03T23:59:00+05:30');
    expect((await audits(soon.submissionId))[0]).toMatchObject({
      actor: 'system',
      action: 'ewaybill-extend',
    });
  });

  it('is served by the API with a validated query', async () => {
    expect((await api(app.url, '/ewaybills/expiring?withinHours=24')).status).toBe(200);
    const bad = await api(app.url, '/ewaybills/expiring?withinHours=0');
    expect(bad.status).toBe(400);
  });
});

describe('the generic operation route (POST /submissions/:id/operations/:name)', () => {
  const partB = {
    vehicleNo: 'KA01AB1234',
    fromPlace: 'Bengaluru',
    fromState: 29,
    reasonCode: '4',
    reasonRemark: 'First time',
    transMode: '1',
  };

  it("runs the regime's declared operation: stored, audited, the submissions answered", async () => {
    const { submissionId, generated } = await seededBill({ partAOnly: true, distanceKm: 250 });
    const res = await post(`/submissions/${submissionId}/operations/part-b`, { ...partB, ...operator });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      operation: string;
      submissions: { id: string; validUpto: string }[];
    };
    expect(body.operation).toBe('part-b');
    expect(body.submissions.map((s) => s.id)).toEqual([submissionId]);
    expect(body.submissions[0].validUpto).toMatch(/T23:59:00\+05:30$/);
    expect(sandbox.einvoice.ewaybill.store.find(generated.ewbNo)?.vehicles.at(-1)?.vehicleNo).toBe(
      'KA01AB1234',
    );
    expect((await audits(submissionId)).map((a) => [a.actor, a.action])).toEqual([
      ['operator:asha', 'ewaybill-part-b'],
    ]);
  });

  it('answers 400 with each bad field (the request class, unknown fields, operator), sending nothing', async () => {
    const { submissionId, generated } = await seededBill();
    const vehicles = () => sandbox.einvoice.ewaybill.store.find(generated.ewbNo)?.vehicles.length;
    const before = vehicles();
    const res = await post(`/submissions/${submissionId}/operations/part-b`, {
      ...partB,
      vehicleNo: 'KA-01',
      reasonCode: 9,
      colour: 'red',
      ...operator,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { path: string; rule: string; value?: string }[] };
    expect(body.errors.map((e) => e.path).sort()).toEqual(['colour', 'reasonCode', 'vehicleNo']);
    expect(body.errors.find((e) => e.path === 'reasonCode')).toMatchObject({ rule: 'isIn', value: '"9"' });
    const noOperator = await post(`/submissions/${submissionId}/operations/part-b`, {
      ...partB,
      reason: 'x',
    });
    expect(noOperator.status).toBe(400);
    expect(((await noOperator.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(['operator', 'reason']),
    );
    expect(vehicles()).toBe(before);
    expect(await audits(submissionId)).toEqual([]);
  });

  it('answers 404 for an unknown submission or an operation its regime does not declare', async () => {
    const missing = await post('/submissions/00000000-0000-4000-8000-000000000000/operations/part-b', {
      ...partB,
      ...operator,
    });
    expect(missing.status).toBe(404);
    const { submissionId } = await seededBill();
    const unknown = await post(`/submissions/${submissionId}/operations/teleport`, operator);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toContain(
      'offered: part-b, transporter, extend',
    );
    // consolidate takes several submissions: it is not served on one.
    const one = await post(`/submissions/${submissionId}/operations/consolidate`, operator);
    expect(one.status).toBe(404);
  });

  it('answers 409 when the submission holds no active registration', async () => {
    for (const state of ['REJECTED', 'CANCELLED']) {
      const { submissionId } = await seededBill({ state });
      const res = await post(`/submissions/${submissionId}/operations/part-b`, { ...partB, ...operator });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toContain(`is ${state}`);
      expect(await audits(submissionId)).toEqual([]);
    }
  });

  it('takes several submissions at /submissions/operations/:name, refusing a malformed id list', async () => {
    const bad = await post('/submissions/operations/consolidate', {
      submissionIds: ['not-a-uuid'],
      vehicleNo: 'KA05MN4321',
      fromPlace: 'Bengaluru',
      fromState: 29,
      transMode: '1',
      ...operator,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors[0].path).toBe('submissionIds[0]');
    const first = await seededBill();
    const second = await seededBill();
    const res = await post('/submissions/operations/consolidate', {
      submissionIds: [first.submissionId, second.submissionId],
      vehicleNo: 'KA05MN4321',
      fromPlace: 'Bengaluru',
      fromState: 29,
      transMode: '1',
      ...operator,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { consolidatedEwbNo: string }; submissions: unknown[] };
    expect(body.result.consolidatedEwbNo).toMatch(/^\d{10}$/);
    expect(body.submissions).toHaveLength(2);
  });

  it('is documented in /docs per declared operation, with the body its request class validates', async () => {
    interface Schema {
      $ref?: string;
      required?: string[];
      properties?: Record<string, { type?: string }>;
    }
    interface Operation {
      summary?: string;
      parameters?: { name: string }[];
      requestBody?: { content: Record<string, { schema: Schema }> };
    }
    const openapi = (await (await api(app.url, '/docs-json')).json()) as {
      paths: Record<string, { post?: Operation }>;
      components: { schemas: Record<string, Schema> };
    };
    const bodyOf = (path: string): Schema => {
      const ref = openapi.paths[path]?.post?.requestBody?.content['application/json'].schema.$ref ?? '';
      return openapi.components.schemas[ref.replace('#/components/schemas/', '')] ?? {};
    };
    for (const operation of EWAYBILL_OPERATIONS) {
      const path =
        operation.targets === 'one'
          ? `/submissions/{id}/operations/${operation.name}`
          : `/submissions/operations/${operation.name}`;
      const post = openapi.paths[path]?.post;
      expect(post?.summary).toContain(operation.summary);
      expect((post?.parameters ?? []).map((p) => p.name)).not.toContain('operation');
      // What the documented body requires is what the request class refuses when absent, plus the audit.
      const requestClass: new () => object = operation.requestClass;
      const refused = await validate(plainToInstance(requestClass, {}));
      expect(new Set(bodyOf(path).required)).toEqual(
        new Set([...refused.map((error) => error.property), 'operator', 'reason']),
      );
    }
    expect(bodyOf('/submissions/{id}/operations/part-b').properties?.fromState?.type).toBe('integer');
    // The regime's alias routes take the same bodies.
    expect(bodyOf('/ewaybills/{submissionId}/part-b')).toEqual(bodyOf('/submissions/{id}/operations/part-b'));
    expect(bodyOf('/ewaybills/consolidate')).toEqual(bodyOf('/submissions/operations/consolidate'));
  });
});

describe('cancelling an e-way bill through the generic cancel route (POST /submissions/:id/cancel)', () => {
  it('cancels within 24 hours with its own reason codes: CANCELLED here and at the system', async () => {
    const { submissionId, generated } = await seededBill({ state: 'WRITTEN_BACK' });
    const res = await post(`/submissions/${submissionId}/cancel`, {
      reasonCode: '2',
      remark: 'Order cancelled',
      ...operator,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: 'CANCELLED', ewbNo: generated.ewbNo });
    const bill = sandbox.einvoice.ewaybill.store.find(generated.ewbNo);
    expect(bill?.status).toBe('CNL');
    expect((await audits(submissionId)).map((a) => [a.action, a.details.reasonCode])).toEqual([
      ['operator-cancel', '2'],
    ]);
  });

  it('is refused here after 24 hours (409, 728): nothing sent, the bill stays active', async () => {
    sandbox.clock.set(new Date(Date.now() - 24 * HOUR - 60_000));
    const { submissionId, generated } = await seededBill();
    sandbox.clock.reset();
    const res = await post(`/submissions/${submissionId}/cancel`, {
      reasonCode: '1',
      remark: 'Duplicate',
      ...operator,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: '728' });
    expect(sandbox.einvoice.ewaybill.store.find(generated.ewbNo)?.status).toBe('ACT');
    expect((await row(submissionId)).state).toBe('REGISTERED');
  });

  it('answers 400 for a remark longer than the e-way bill system takes (50), naming the field', async () => {
    const { submissionId, generated } = await seededBill();
    const res = await post(`/submissions/${submissionId}/cancel`, {
      reasonCode: '3',
      remark: 'x'.repeat(51),
      ...operator,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ path: 'remark', rule: 'maxLength' }] });
    expect(sandbox.einvoice.ewaybill.store.find(generated.ewbNo)?.status).toBe('ACT');
  });

  it("keeps the system's refusal (312 for a bill no longer active) verbatim, audited", async () => {
    const { submissionId, generated } = await seededBill();
    await generator.cancel({ ewbNo: generated.ewbNo, cancelRsnCode: '1', cancelRmrk: 'Duplicate' });
    const res = await post(`/submissions/${submissionId}/cancel`, {
      reasonCode: '1',
      remark: 'Duplicate',
      ...operator,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: '312' });
    expect((await audits(submissionId)).map((a) => [a.action, a.details.code])).toEqual([
      ['operator-cancel-refused', '312'],
    ]);
    expect((await row(submissionId)).state).toBe('REGISTERED');
  });
});

describe('the CLI', () => {
  const cli = (args: string[]) =>
    runCli(args, { env: { CONNECTOR_URL: app.url, CONNECTOR_API_KEY: TEST_API_KEY } });
  const audit = ['--operator', 'ravi', '--reason', 'customer called'];

  it('runs part-b, transporter, consolidate and cancel against the service', async () => {
    const first = await seededBill({ partAOnly: true });
    const second = await seededBill();
    const partB = await cli([
      'ewaybill',
      'part-b',
      first.submissionId,
      '--vehicle',
      'KA01AB1234',
      '--from-place',
      'Bengaluru',
      '--from-state',
      '29',
      '--reason-code',
      '4',
      '--remark',
      'First time',
      ...audit,
    ]);
    expect(partB).toMatchObject({ code: 0 });
    expect(partB.stdout).toContain(`Part-B of e-way bill ${first.generated.ewbNo} updated: valid up to`);
    const transporter = await cli([
      'ewaybill',
      'transporter',
      second.submissionId,
      '--transporter-id',
      TRANSPORTER,
      ...audit,
    ]);
    expect(transporter.stdout).toContain(`set to ${TRANSPORTER}`);
    const consolidated = await cli([
      'ewaybill',
      'consolidate',
      first.submissionId,
      second.submissionId,
      '--vehicle',
      'KA05MN4321',
      '--from-place',
      'Bengaluru',
      '--from-state',
      '29',
      ...audit,
    ]);
    expect(consolidated.stdout).toMatch(/^consolidated e-way bill \d{10} for 2 bills on KA05MN4321/);
    const cancelled = await cli([
      'ewaybill',
      'cancel',
      second.submissionId,
      '--reason-code',
      '3',
      '--remark',
      'Data entry mistake',
      ...audit,
    ]);
    expect(cancelled.stdout).toContain('submission now CANCELLED');
    expect((await audits(second.submissionId)).map((a) => a.actor)).toEqual([
      'operator:ravi',
      'operator:ravi',
      'operator:ravi',
    ]);
  });

  it('says why an extension is refused outside its window, and refuses an e-invoice reason code', async () => {
    const { submissionId } = await seededBill();
    const extend = await cli([
      'ewaybill',
      'extend',
      submissionId,
      '--remaining-km',
      '50',
      '--reason-code',
      '1',
      '--remark',
      'Flood',
      '--from-place',
      'Hubballi',
      '--from-state',
      '29',
      '--from-pincode',
      '580020',
      '--vehicle',
      'KA01AB1234',
      ...audit,
    ]);
    expect(extend.code).toBe(1);
    expect(extend.stderr).toContain('8 hours before to 8 hours after');
    const usage = await cli([
      'ewaybill',
      'cancel',
      submissionId,
      '--reason-code',
      '5',
      '--remark',
      'x',
      ...audit,
    ]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('must be 1, 2, 3 or 4');
  });

  it('lists expiring bills', async () => {
    const listed = await cli(['ewaybill', 'expiring', '--within-hours', '72']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/EWB NO +VALID UP TO/);
  });
});
