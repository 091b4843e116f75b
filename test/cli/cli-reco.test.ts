/**
 * `gst otp request|submit` and `reco run|report|export|statement` against the real service over HTTP: embedded
 * Postgres, the sandbox return gateway, a CSV purchase register whose first supplier name is a
 * spreadsheet formula. Also the reconciliation verdicts in /metrics.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { Workbook } from 'exceljs';
import { RECO_GSTIN, RECO_PERIOD, startRecoApp, type RecoApp } from '../reconciliation/reco-app';
import { TEST_API_KEY } from '../support/test-app';
import { runCli } from './cli-harness';

const FORMULA_NAME = '@SUM(1+1)';

describe('CLI: gst otp, reco run|report|export', () => {
  let r: RecoApp;
  let env: Record<string, string>;
  let cwd: string;

  beforeAll(async () => {
    r = await startRecoApp({ firstSupplierName: FORMULA_NAME });
    env = { CONNECTOR_URL: r.app.url, CONNECTOR_API_KEY: TEST_API_KEY };
    cwd = mkdtempSync(join(tmpdir(), 'cli-reco-'));
  });
  afterAll(async () => {
    rmSync(cwd, { recursive: true, force: true });
    await r?.close();
  });

  const cli = (...args: string[]) => runCli(args, { env, cwd });
  const count = (category: string) => r.seeded.expected.filter((e) => e.category === category).length;

  it('has no report before the first run, and refuses a malformed period as usage', async () => {
    const empty = await cli('reco', 'report', RECO_GSTIN, RECO_PERIOD);
    expect(empty.code).toBe(1);
    expect(empty.stdout).toContain(`${RECO_GSTIN} ${RECO_PERIOD}: never run`);
    expect(empty.stderr).toContain(`reco run ${RECO_GSTIN} ${RECO_PERIOD} --operator <name>`);
    const bad = await cli('reco', 'report', RECO_GSTIN, '2026-10');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not a return period MMYYYY: 2026-10');
    const badGstin = await cli('reco', 'run', '27AAPFU', RECO_PERIOD, '--operator', 'asha');
    expect(badGstin.code).toBe(2);
  });

  it('cannot run before the gateway session is open: the failure is reported, exit 1', async () => {
    const run = await cli('reco', 'run', RECO_GSTIN, RECO_PERIOD, '--operator', 'asha');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: HTTP 409 (code SESSION_REQUIRED): no active return gateway session for ${RECO_GSTIN}: request an OTP and submit it\n`,
    );
  });

  it('opens the return gateway session with gst otp request and submit', async () => {
    const requested = await cli('gst', 'otp', 'request', RECO_GSTIN, '--operator', 'asha');
    expect(requested.code).toBe(0);
    expect(requested.stdout).toContain(`${RECO_GSTIN}: otp-requested`);
    expect(requested.stdout).toContain(`gst otp submit ${RECO_GSTIN} <otp> --operator asha`);
    const wrong = await cli('gst', 'otp', 'submit', RECO_GSTIN, '000000', '--operator', 'asha');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/HTTP 422.*Invalid OTP/);
    const right = await cli(
      'gst',
      'otp',
      'submit',
      RECO_GSTIN,
      r.gateway.otp,
      '--operator',
      'asha',
      '--json',
    );
    expect(right.code).toBe(0);
    expect(JSON.parse(right.stdout)).toMatchObject({ state: 'active', expiresAt: expect.any(String) });
    expect((await cli('gst', 'session', RECO_GSTIN)).stdout).toMatch(
      new RegExp(`^${RECO_GSTIN}: active \\(until `),
    );
  });

  it('runs the reconciliation and prints categories with their totals', async () => {
    const run = await cli('reco', 'run', RECO_GSTIN, RECO_PERIOD, '--operator', 'asha');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const documents = r.seeded.expected.filter((e) => e.gstr2b).length;
    expect(run.stdout).toContain(
      `${RECO_GSTIN} ${RECO_PERIOD}: ${documents} GSTR-2B document(s), ${r.seeded.book.length} purchase(s)`,
    );
    expect(run.stdout).toMatch(/^CATEGORY\s+DOCUMENTS\s+ITC AT STAKE$/m);
    for (const category of ['exact', 'suggested', 'mismatch', 'missing-in-2b', 'missing-in-books'])
      expect(run.stdout).toMatch(new RegExp(`^${category}\\s+${count(category)}\\s+\\d+\\.\\d\\d$`, 'm'));
    expect(run.stdout).toMatch(new RegExp(`^total\\s+${r.seeded.expected.length}\\s+\\d+\\.\\d\\d$`, 'm'));
    expect(run.stdout).toMatch(/^missing-in-2b\s+\d+\s+8100\.00$/m);
  });

  it('reports as a table with every verdict, or as JSON for scripts, filtered by category', async () => {
    const table = await cli('reco', 'report', RECO_GSTIN, RECO_PERIOD, '--rows');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/last run completed \(operator:asha, /);
    expect(table.stdout).toMatch(/^CATEGORY\s+SUPPLIER\s+BILL \(BOOKS\)\s+2B\s+TAX BOOKS/m);
    const json = await cli('reco', 'report', RECO_GSTIN, RECO_PERIOD, '--json', '--category', 'suggested');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { matches: { id: string; category: string }[] };
    expect(report.matches).toHaveLength(count('suggested'));
    expect(new Set(report.matches.map((m) => m.category))).toEqual(new Set(['suggested']));
    for (const m of report.matches) expect(table.stdout).toContain(m.id);
    const unknown = await cli('reco', 'report', RECO_GSTIN, RECO_PERIOD, '--category', 'maybe');
    expect(unknown.code).toBe(2);
  });

  it('says there is nothing to export, exiting non-zero, for a period with no verdicts (issue 29)', async () => {
    const empty = await cli('reco', 'export', RECO_GSTIN, '012025');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain(`nothing to export for ${RECO_GSTIN} 012025: no verdicts (no run yet`);
  });

  it('exports CSV and XLSX with the formula-looking supplier name neutralised', async () => {
    const csvOut = await cli('reco', 'export', RECO_GSTIN, RECO_PERIOD);
    expect(csvOut.code).toBe(0);
    const csvFile = join(cwd, `reconciliation-${RECO_GSTIN}-${RECO_PERIOD}.csv`);
    expect(csvOut.stdout).toBe(`wrote ${csvFile}\n`);
    // UTF-8 with a byte order mark, for spreadsheet programs.
    expect(readFileSync(csvFile).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse<Record<string, string>>(readFileSync(csvFile), { columns: true, bom: true });
    expect(rows).toHaveLength(r.seeded.expected.length);
    const names = rows.map((row) => row['Supplier name']);
    expect(names).toContain(`'${FORMULA_NAME}`);
    expect(names).not.toContain(FORMULA_NAME);
    // Numbers stay numbers: a negative amount is not quoted.
    expect(rows.every((row) => !row['ITC at stake'].startsWith("'"))).toBe(true);

    const xlsxOut = await cli(
      'reco',
      'export',
      RECO_GSTIN,
      RECO_PERIOD,
      '--format',
      'xlsx',
      '--out',
      'r.xlsx',
    );
    expect(xlsxOut.code).toBe(0);
    const workbook = new Workbook();
    await workbook.xlsx.readFile(join(cwd, 'r.xlsx'));
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(r.seeded.expected.length + 1);
    const cells: unknown[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.value)));
    expect(cells).toContain(`'${FORMULA_NAME}`);
    expect(cells.some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
  });

  it('writes supplier statements: one CSV per supplier with open items, one workbook, or one supplier', async () => {
    const open = r.seeded.expected.filter((e) => e.category !== 'exact');
    const folderOut = await cli(
      'reco',
      'statement',
      RECO_GSTIN,
      RECO_PERIOD,
      '--format',
      'csv',
      '--out',
      'st',
    );
    expect(folderOut.code).toBe(0);
    const written = /wrote (\d+) statement\(s\) to (.+)$/m.exec(folderOut.stdout);
    expect(written).not.toBeNull();
    const files = readdirSync(join(cwd, 'st')).sort();
    expect(files).toHaveLength(Number(written![1]));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !new RegExp(`^statement-[0-9A-Z]{15}-${RECO_PERIOD}\\.csv$`).test(f))).toEqual(
      [],
    );
    // Every supplier with something open has its file, and every line of it is that supplier's.
    const supplier = files[0].slice('statement-'.length, 'statement-'.length + 15);
    const lines = parse<Record<string, string>>(readFileSync(join(cwd, 'st', files[0])), {
      columns: true,
      bom: true,
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThanOrEqual(lines.length);

    const one = await cli(
      'reco',
      'statement',
      RECO_GSTIN,
      RECO_PERIOD,
      '--supplier',
      supplier,
      '--format',
      'csv',
    );
    expect(one.code).toBe(0);
    expect(readFileSync(join(cwd, `statement-${supplier}-${RECO_PERIOD}.csv`))).toEqual(
      readFileSync(join(cwd, 'st', files[0])),
    );

    const book = await cli('reco', 'statement', RECO_GSTIN, RECO_PERIOD);
    expect(book.code).toBe(0);
    const workbook = new Workbook();
    await workbook.xlsx.readFile(join(cwd, `supplier-statements-${RECO_GSTIN}-${RECO_PERIOD}.xlsx`));
    // A sheet per supplier, and one for open items whose bill names no supplier GSTIN.
    expect(workbook.worksheets.map((w) => w.name).sort()).toEqual(
      [
        ...files.map((f) => f.slice('statement-'.length, 'statement-'.length + 15)),
        'no supplier GSTIN',
      ].sort(),
    );

    const bad = await cli('reco', 'statement', RECO_GSTIN, RECO_PERIOD, '--supplier', 'nope');
    expect(bad.code).toBe(2);
  });

  it('/metrics counts the verdicts per category', async () => {
    const text = await (
      await fetch(`${r.app.url}/metrics`, { headers: { 'x-api-key': TEST_API_KEY } })
    ).text();
    expect(text).toContain('# TYPE connector_reconciliation_matches gauge');
    expect(text).toContain(
      `connector_reconciliation_matches{gstin="${RECO_GSTIN}",period="${RECO_PERIOD}",category="suggested",decision="none"} ${count('suggested')}`,
    );
    expect(text).toContain(
      `connector_reconciliation_matches{gstin="${RECO_GSTIN}",period="${RECO_PERIOD}",category="exact",decision="none"} ${count('exact')}`,
    );
  });
});
