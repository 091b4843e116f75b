/**
 * GETREJECTEDIRNS in the failure queue. The example CSV runs against a sandbox IRP that refuses one
 * buyer's GSTIN (3029 for two documents), and another channel sends the IRP a document we do not have,
 * also refused. The scheduled pass (one job however many instances tick) fetches the day's list for the
 * instance's GSTIN and records each entry on the matching document, the third as matching none; a
 * second fetch records nothing new.
 */
import { Client } from 'pg';
import type { EinvoiceProviderConfig } from '../../src/compliance/nic-gateway/nic-provider-config';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { istDay } from '../../src/regimes/in-einvoice/services/irp-day';
import { EINVOICE_REJECTED_IRNS_JOB, GspEinvoiceClient } from '../../src/regimes/in-einvoice';
import { SchedulerService } from '../../src/sync/scheduler.service';
import { json } from '../support/http';
import { eventually } from '../support/test-app';
import {
  api,
  documentDetail,
  dropSampleAndPull,
  samplePayload,
  sandboxRegimeDefaults,
  SELLER_GSTIN,
  settledDocuments,
  startEinvoiceSandbox,
  type DocumentSummary,
  type E2eApp,
} from '../einvoice-e2e/support';
import { startAppWithCallbacks } from './feeds-app';

const INACTIVE_BUYER = '36AAFFH4410B1Z1';
const REFUSED = ['DFT/2627/0455', 'DFT/2627/0460'];
const FOREIGN_DOC = 'OTHER/2627/9001';

interface Entry {
  docNo: string;
  docType: string;
  matched: boolean;
  documentId: string | null;
  submissionId: string | null;
  errors: { code: string }[];
}

describe('GETREJECTEDIRNS in the failure queue', () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;
  let docs: DocumentSummary[];
  const today = istDay(Date.now());

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox({ inactiveGstins: [INACTIVE_BUYER] });
    t = await startAppWithCallbacks(sandbox, {}, {});
    await dropSampleAndPull(t.url, t.inbox);
    docs = await settledDocuments(t.url, 12);
    const other = await samplePayload(REFUSED[0]);
    other.DocDtls.No = FOREIGN_DOC;
    const direct = new GspEinvoiceClient({
      ...(sandboxRegimeDefaults(sandbox)['in-einvoice'] as unknown as EinvoiceProviderConfig),
      gstin: SELLER_GSTIN,
    });
    await expect(direct.generateIrn(other)).rejects.toMatchObject({ errorClass: 'rejected' });
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  async function unfinishedJobs(): Promise<number> {
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [EINVOICE_REJECTED_IRNS_JOB],
      );
      return Number(rows[0].n);
    } finally {
      await client.end();
    }
  }

  async function listed(date = today.nic): Promise<{ items: Entry[]; unmatched: number }> {
    const res = await api(t.url, `/einvoice/rejected-irns?date=${encodeURIComponent(date)}`);
    expect(res.status).toBe(200);
    return json(res);
  }

  it('fetches the day in one scheduled job, matching each entry to our document or to none', async () => {
    expect((await listed()).items).toEqual([]);
    const scheduler = t.app.get(SchedulerService);
    // Every instance may tick; the keyed (stately) queue holds one waiting job, so two ticks create one,
    // or two when a worker took the first before the second tick: never overlapping runs.
    const created =
      (await scheduler.tickRegimeJob(EINVOICE_REJECTED_IRNS_JOB)) +
      (await scheduler.tickRegimeJob(EINVOICE_REJECTED_IRNS_JOB));
    expect(created).toBeGreaterThanOrEqual(1);
    expect(created).toBeLessThanOrEqual(2);
    await eventually(async () => ((await unfinishedJobs()) === 0 ? true : undefined), 30_000);
    const { items, unmatched } = await listed();
    expect(items).toHaveLength(3);
    expect(unmatched).toBe(1);
    for (const docNo of REFUSED) {
      const doc = docs.find((d) => d.docNumber === docNo)!;
      expect(items.find((item) => item.docNo === docNo)).toMatchObject({
        docType: 'INV',
        matched: true,
        documentId: doc.id,
        submissionId: doc.submissions[0].id,
        errors: [expect.objectContaining({ code: '3029' })],
      });
      const audit = (await documentDetail(t.url, doc.id)).audit as { action: string; reason: string }[];
      const recorded = audit.filter((a) => a.action === 'irp-rejected-irn');
      expect(recorded).toHaveLength(1);
      expect(recorded[0].reason).toContain('3029');
    }
    expect(items.find((item) => item.docNo === FOREIGN_DOC)).toMatchObject({
      matched: false,
      documentId: null,
      submissionId: null,
    });
  });

  it('records nothing twice when the day is fetched again by an operator, in either date form', async () => {
    const res = await api(t.url, `/einvoice/rejected-irns/fetch?date=${today.iso}&operator=asha`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      date: today.nic,
      sources: [{ instance: 'books', gstin: SELLER_GSTIN, status: 'fetched', listed: 3, recorded: 0 }],
    });
    expect((await listed(today.iso)).items).toHaveLength(3);
  });

  it('refuses a date that is not a day, naming the rule', async () => {
    const res = await api(t.url, '/einvoice/rejected-irns?date=31/02/2026');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain('dd/mm/yyyy');
  });
});
