/**
 * A re-run writes only what changed (issue 28, speed through the route): the same 2B and the same books
 * give the same verdicts, in the same rows (their ids kept), and neither the purchases nor the 2B
 * documents nor the verdicts are rewritten; a bill changed in the books changes its own verdict only.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import axios from 'axios';
import { Client } from 'pg';
import { TEST_API_KEY } from '../support/test-app';
import { RECO_GSTIN, RECO_PERIOD, startRecoApp, type RecoApp } from './reco-app';

let reco: RecoApp;

interface Stored {
  verdicts: Map<string, string>;
  versions: Map<string, string>;
}

/** Verdicts by row id (every shown column), and every row's version (xmin: changes when it is rewritten). */
async function stored(): Promise<Stored> {
  const db = new Client({ connectionString: reco.app.databaseUrl });
  await db.connect();
  try {
    const verdicts = await db.query<{ id: string; shown: string }>(
      `SELECT id, row(category, rule, purchase_id, gstr2b_id, supplier_gstin, differences, explanation,
         itc_at_stake::text, other_period, decision)::text AS shown
       FROM reco_match WHERE gstin = $1 AND period = $2`,
      [RECO_GSTIN, RECO_PERIOD],
    );
    const versions = await db.query<{ key: string; xmin: string }>(
      `SELECT 'm:' || id AS key, xmin::text FROM reco_match WHERE gstin = $1 AND period = $2
       UNION ALL SELECT 'p:' || id, xmin::text FROM purchase_record WHERE gstin = $1 AND period = $2
       UNION ALL SELECT 'd:' || id, xmin::text FROM gstr2b_document WHERE gstin = $1 AND period = $2`,
      [RECO_GSTIN, RECO_PERIOD],
    );
    return {
      verdicts: new Map(verdicts.rows.map((r) => [r.id, r.shown])),
      versions: new Map(versions.rows.map((r) => [r.key, r.xmin])),
    };
  } finally {
    await db.end();
  }
}

async function run(): Promise<void> {
  const answer = await axios.post(
    `${reco.app.url}/reconciliation/${RECO_GSTIN}/${RECO_PERIOD}/run`,
    { operator: 'asha' },
    { headers: { 'x-api-key': TEST_API_KEY }, validateStatus: () => true },
  );
  expect(answer.status).toBe(200);
  expect(answer.data.skipped).toBeUndefined();
}

beforeAll(async () => {
  reco = await startRecoApp();
  // The gateway session, opened with the OTP as an operator would.
  const headers = { headers: { 'x-api-key': TEST_API_KEY } };
  await axios.post(
    `${reco.app.url}/returns/${RECO_GSTIN}/session/otp-request`,
    { operator: 'asha' },
    headers,
  );
  await axios.post(
    `${reco.app.url}/returns/${RECO_GSTIN}/session/otp`,
    { otp: reco.gateway.otp, operator: 'asha' },
    headers,
  );
}, 120_000);

afterAll(async () => {
  await reco?.close();
});

describe('a re-run of a reconciled period', () => {
  it('keeps every verdict, purchase and 2B document row as it was when nothing changed', async () => {
    await run();
    const first = await stored();
    expect(first.verdicts.size).toBeGreaterThan(10);
    await run();
    const again = await stored();
    expect(again.verdicts).toEqual(first.verdicts);
    expect(again.versions).toEqual(first.versions);
  });

  it('rewrites only the verdict of a bill changed in the books', async () => {
    const before = await stored();
    const folder = join(reco.app.dataDir, 'purchases');
    const file = join(
      folder,
      readdirSync(folder).find((f) => f.endsWith('.csv'))!,
    );
    const [header, ...lines] = readFileSync(file, 'utf8').split('\n');
    const columns = header.split(',');
    const taxable = columns.indexOf('TaxableValue');
    // The first bill that reconciled exact: its taxable value grows by 5,000 (beyond any tolerance).
    const db = new Client({ connectionString: reco.app.databaseUrl });
    await db.connect();
    let voucher: string;
    try {
      const { rows } = await db.query<{ erp_id: string }>(
        `SELECT p.erp_id FROM reco_match m JOIN purchase_record p ON p.id = m.purchase_id
         WHERE m.gstin = $1 AND m.period = $2 AND m.category = 'exact' ORDER BY p.erp_id LIMIT 1`,
        [RECO_GSTIN, RECO_PERIOD],
      );
      voucher = rows[0].erp_id.split(':')[1];
    } finally {
      await db.end();
    }
    const changed = lines.map((line) => {
      const cells = line.split(',');
      if (cells[0] !== voucher) return line;
      cells[taxable] = (Number(cells[taxable]) + 5000).toFixed(2);
      return cells.join(',');
    });
    expect(changed).not.toEqual(lines);
    writeFileSync(file, [header, ...changed].join('\n'));
    await run();
    const after = await stored();
    const rewritten = [...after.verdicts].filter(([id, shown]) => before.verdicts.get(id) !== shown);
    const gone = [...before.verdicts.keys()].filter((id) => !after.verdicts.has(id));
    // One verdict replaced (exact -> mismatch), every other row kept as it was.
    expect(gone).toHaveLength(1);
    expect(rewritten).toHaveLength(1);
    expect(rewritten[0][1]).toMatch(/^\(mismatch,/);
    expect(after.verdicts.size).toBe(before.verdicts.size);
  });

  it('removes the verdict of a bill the books no longer hold, decided or not, and reports its 2B document missing', async () => {
    const folder = join(reco.app.dataDir, 'purchases');
    const file = join(
      folder,
      readdirSync(folder).find((f) => f.endsWith('.csv'))!,
    );
    const [header, ...lines] = readFileSync(file, 'utf8').split('\n');
    const db = new Client({ connectionString: reco.app.databaseUrl });
    await db.connect();
    try {
      // The first bill that reconciled exact leaves the register.
      const { rows } = await db.query<{ id: string; erp_id: string; purchase_id: string; gstr2b_id: string }>(
        `SELECT m.id, p.erp_id, m.purchase_id, m.gstr2b_id FROM reco_match m JOIN purchase_record p ON p.id = m.purchase_id
         WHERE m.gstin = $1 AND m.period = $2 AND m.category = 'exact' ORDER BY p.erp_id LIMIT 1`,
        [RECO_GSTIN, RECO_PERIOD],
      );
      const [removed] = rows;
      // Accepted by an operator: a decided pair outlives re-runs, so only the removal of its bill ends it.
      const accepted = await axios.post(
        `${reco.app.url}/reconciliation/matches/actions`,
        { action: 'accept', matchIds: [removed.id], operator: 'asha', reason: 'checked' },
        { headers: { 'x-api-key': TEST_API_KEY }, validateStatus: () => true },
      );
      expect(accepted.status).toBe(200);
      const voucher = removed.erp_id.split(':')[1];
      const kept = lines.filter((line) => line.split(',')[0] !== voucher);
      expect(kept.length).toBeLessThan(lines.length);
      writeFileSync(file, [header, ...kept].join('\n'));
      await run();
      const purchase = await db.query(`SELECT 1 FROM purchase_record WHERE id = $1`, [removed.purchase_id]);
      expect(purchase.rows).toHaveLength(0);
      const verdicts = await db.query<{ category: string; purchase_id: string | null }>(
        `SELECT category, purchase_id FROM reco_match WHERE purchase_id = $1 OR gstr2b_id = $2`,
        [removed.purchase_id, removed.gstr2b_id],
      );
      expect(verdicts.rows).toEqual([{ category: 'missing-in-books', purchase_id: null }]);
      // No verdict points at a row that is not there.
      const dangling = await db.query(
        `SELECT m.id FROM reco_match m
         WHERE (m.purchase_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM purchase_record p WHERE p.id = m.purchase_id))
            OR (m.gstr2b_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gstr2b_document d WHERE d.id = m.gstr2b_id))`,
      );
      expect(dangling.rows).toEqual([]);
    } finally {
      await db.end();
    }
  });
});
