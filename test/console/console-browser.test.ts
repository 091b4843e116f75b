/**
 * The console in a real browser, by interaction: Debian's Chromium (headless, driven by playwright-core)
 * against the real application (CSV connector, Postgres, queue) and the sandbox IRP. An operator signs in,
 * fixes a bad buyer GSTIN with an override and retries it to registration, retries a fixed document from
 * the queue, and cancels a registration with a reason. Each screen is kept as a screenshot under
 * test-artifacts/console/ (gitignored). A missing browser fails this suite: `.ci/run` installs it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Workbook } from 'exceljs';
import { parse } from 'csv-parse/sync';
import { SHARED_PROVIDER_THROTTLE } from '../../src/compliance/http';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  api,
  CONNECTOR,
  documentDetail,
  SELLER_GSTIN,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { sampleDocumentRows, writeCsv } from '../einvoice-intake/sample-csv';
import type { Json } from '../support/http';
import { eventually, TEST_API_KEY } from '../support/test-app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = resolve(__dirname, '..', '..', 'test-artifacts', 'console');
const SAMPLE = 'DFT/2627/0451';
const GOOD_BUYER = '29AAFCM7314Q1ZT';
/** The seller's own GSTIN as buyer: the IRN mapper refuses it (NIC 2211, MAPPING_FAILED at buyer.gstin). */
const BAD_BUYER = SELLER_GSTIN;
const FIX_IN_CONSOLE = 'CON/BAD/0001';
const RETRY_FROM_QUEUE = 'CON/BAD/0002';
const TO_CANCEL = 'CON/OK/0001';
const FINAL = ['REGISTERED', 'WRITEBACK_PENDING', 'WRITTEN_BACK'];

describe('operator console in headless Chromium (real app, sandbox IRP)', () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;
  let browser: Browser;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
    mkdirSync(ARTIFACTS, { recursive: true });
    sandbox = await startEinvoiceSandbox();
    t = await startE2eApp({ sandbox });
    writeCsv(t.inbox, 'console-2026-11.csv', [
      ...sampleDocumentRows(SAMPLE, FIX_IN_CONSOLE, { BuyerGSTIN: BAD_BUYER }),
      ...sampleDocumentRows(SAMPLE, RETRY_FROM_QUEUE, { BuyerGSTIN: BAD_BUYER }),
      ...sampleDocumentRows(SAMPLE, TO_CANCEL),
    ]);
    expect((await api(t.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' })).status).toBe(202);
    for (const doc of await settledDocuments(t.url, 3)) ids[doc.docNumber] = doc.id;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('dialog', (dialog) => void dialog.accept());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await sandbox?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  async function submissionOf(docNumber: string): Promise<Json> {
    return (await documentDetail(t.url, ids[docNumber])).submissions[0];
  }

  async function settles(docNumber: string, states: string[]): Promise<Json> {
    return eventually(async () => {
      const submission = await submissionOf(docNumber);
      return states.includes(submission.state) ? submission : undefined;
    }, 30_000);
  }

  it('signs in with the API key and shows the failure queue with both bad documents', async () => {
    await page.goto(`${t.url}/console`);
    await shot('1-login');
    await page.fill('#api-key', TEST_API_KEY);
    await page.click('#login-form button[type=submit]');
    // The dashboard is the landing view; the failure queue is a tab.
    await page.waitForSelector('#dashboard-lines tr');
    await page.click('#tab-queue');
    await page.waitForSelector('#queue tr');
    await page.fill('#operator', 'asha');
    await page.fill('#reason', 'buyer GSTIN corrected from the purchase order');
    const rows = page.locator('#queue tr');
    await hasCount(rows, 2);
    expect(await rows.allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringContaining(FIX_IN_CONSOLE),
        expect.stringContaining(RETRY_FROM_QUEUE),
      ]),
    );
    expect(await page.locator('#counts tr.failing').innerText()).toMatch(/MAPPING_FAILED\s+2/);
    // what an accountant reads: the state in words and the time in India's zone, named
    const fixRow = await rows.filter({ hasText: FIX_IN_CONSOLE }).innerText();
    expect(fixRow).toContain('needs your fix (MAPPING_FAILED)');
    expect(fixRow).toMatch(/\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST/);
    await shot('2-queue');

    const csv = parse<Record<string, string>>(await (await api(t.url, '/exports/failures.csv')).text(), {
      columns: true,
      bom: true,
    });
    expect(csv.map((r) => [r.document_number, r.connector, r.state, r.error_class]).sort()).toEqual([
      [FIX_IN_CONSOLE, CONNECTOR, 'MAPPING_FAILED', 'validation'],
      [RETRY_FROM_QUEUE, CONNECTOR, 'MAPPING_FAILED', 'validation'],
    ]);
    expect(csv[0].field_errors).toContain('buyer.gstin');
  });

  it('says above everything when a provider holds calls back after a 429, and for how long', async () => {
    // What the HTTP client records when a provider answers 429 with Retry-After (shared by the process).
    SHARED_PROVIDER_THROTTLE.hold('gsp-einvoice', 'gsp-einvoice:console-test', Date.now() + 6_000);
    await page.click('#refresh');
    const banner = page.locator('#providers');
    await banner.waitFor({ state: 'visible' });
    expect(await banner.innerText()).toMatch(
      /gsp-einvoice is refusing calls \(HTTP 429\): calls wait until .*\d{2}:\d{2} IST \([1-6] s\)/,
    );
    await shot('2b-provider-throttled');
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    await page.click('#refresh');
    await banner.waitFor({ state: 'hidden' });
  });

  it('fixes the bad GSTIN with an override from the field error and retries it to REGISTERED', async () => {
    await page.locator('#queue tr', { hasText: FIX_IN_CONSOLE }).locator('td').nth(2).click();
    await page.waitForSelector('#detail:not([hidden])');
    const error = page.locator('#field-errors tr', { hasText: 'buyer.gstin' });
    await hasCount(error, 1);
    expect(await error.innerText()).toContain(BAD_BUYER);
    expect(await page.locator('#canonical').innerText()).toMatch(
      /"buyer": \{[^}]*"gstin": "29AADCD4821K1ZI"/,
    );
    await shot('3-detail-field-error');
    await error.locator('button', { hasText: 'Fix' }).click();
    expect(await page.inputValue('#override-path')).toBe('buyer.gstin');
    await page.fill('#override-value', GOOD_BUYER);
    await page.click('#override-retry');
    await page.waitForSelector('#action-message:has-text("Retried 1, skipped 0.")');

    const registered = await settles(FIX_IN_CONSOLE, FINAL);
    expect(registered.irn).toMatch(/^[0-9a-f]{64}$/);
    const audit = (await documentDetail(t.url, ids[FIX_IN_CONSOLE])).audit as Json[];
    expect(audit.find((a) => a.action === 'operator-override')).toMatchObject({
      actor: 'operator:asha',
      reason: 'buyer GSTIN corrected from the purchase order',
      details: { overrides: { 'buyer.gstin': GOOD_BUYER } },
    });
    await page.click('#refresh');
    await page.waitForSelector(`#detail-facts dd:has-text("${registered.irn}")`);
    await shot('4-detail-registered');
  });

  it('retries a document from the queue by selecting it', async () => {
    // Another operator fixed this one through the API without retrying it.
    const patched = await api(t.url, `/documents/${ids[RETRY_FROM_QUEUE]}/overrides`, {
      method: 'PATCH',
      body: JSON.stringify({ overrides: { 'buyer.gstin': GOOD_BUYER }, operator: 'ravi', reason: 'fixed' }),
    });
    expect(patched.status).toBe(200);
    await page.click('#filters button[type=submit]');
    const row = page.locator('#queue tr', { hasText: RETRY_FROM_QUEUE });
    await hasCount(page.locator('#queue tr'), 1);
    await row.locator('input.pick').check();
    await page.click('#retry-selected');
    await page.waitForSelector('#action-message:has-text("Retried 1, skipped 0.")');
    await settles(RETRY_FROM_QUEUE, FINAL);
    await page.click('#refresh');
    await page.waitForSelector('#queue-summary:has-text("Showing 0 of 0")');
    await shot('5-queue-empty');
  });

  it('shows registrations with their QR and cancels one with a reason', async () => {
    const before = await settles(TO_CANCEL, ['WRITTEN_BACK']);
    await page.click('#tab-submissions');
    const row = page.locator('#submissions tr', { hasText: TO_CANCEL });
    await hasCount(row, 1);
    expect(await row.innerText()).toContain(before.irn);
    // Lists show the buyer and amount an accountant knows, the operator's override included.
    expect(await row.innerText()).toContain('Mysore Auto Components Ltd \u00b7 29AAFCM7314Q1ZT');
    expect(await row.innerText()).toContain('\u20b920,178.00');
    expect(await page.locator('#submissions tr', { hasText: FIX_IN_CONSOLE }).innerText()).toContain(
      GOOD_BUYER,
    );
    await shot('6-submissions');
    // the server searches: by IRN (and by the number's beginning, any case), the other rows go
    const rowsShown = page.locator('#submissions tr');
    expect(await rowsShown.count()).toBeGreaterThan(1);
    await page.fill('#submissions-search', before.irn);
    await page.click('#submission-filters button[type=submit]');
    await hasCount(rowsShown, 1);
    expect(await rowsShown.innerText()).toContain(TO_CANCEL);
    expect(await page.locator('#submissions-summary').innerText()).toContain('1 of 1 document(s) matching');
    await page.fill('#submissions-search', TO_CANCEL.toLowerCase());
    await page.click('#submission-filters button[type=submit]');
    await hasCount(rowsShown, 1);
    await shot('6b-submissions-search');
    await page.fill('#submissions-search', '');
    await page.click('#submission-filters button[type=submit]');
    await hasCount(row, 1);
    await row.locator('td').first().click();
    await page.waitForSelector('#qr-box:not([hidden])');
    // A string, evaluated in the page (this project's TS has no DOM types).
    await page.waitForFunction(
      "(() => { const image = document.getElementById('qr-image'); return image.complete && image.naturalWidth > 100; })()",
    );
    await shot('7-detail-qr');
    // Print opens the print view in a new window, under the console's policy: its stylesheet applies and
    // its data: QR image loads.
    const [printView] = await Promise.all([page.waitForEvent('popup'), page.click('#print-view')]);
    await printView.waitForSelector('h1:has-text("e-Invoice")');
    expect(await printView.innerText('body')).toContain(before.irn);
    await printView.waitForLoadState('load');
    expect(await printView.evaluate("document.querySelector('.qr img').naturalWidth")).toBeGreaterThan(100);
    expect(await printView.evaluate("getComputedStyle(document.querySelector('.top')).display")).toBe('flex');
    await printView.screenshot({ path: join(ARTIFACTS, '7b-print-view.png'), fullPage: true });
    await printView.close();
    // The IRN's own cancel reasons, from GET /regimes (the e-way bill's 2 is "order cancelled").
    expect(await page.locator('#cancel-code option[value="2"]').innerText()).toBe('2 data entry mistake');
    await page.selectOption('#cancel-code', '2');
    await page.fill('#cancel-remark', 'wrong quantity billed');
    await page.fill('#reason', 'customer asked to cancel');
    await page.click('#cancel-form button[type=submit]');
    await page.waitForSelector('#action-message:has-text("Cancelled.")');
    const cancelled = await settles(TO_CANCEL, ['CANCELLED']);
    expect(cancelled.irn).toBe(before.irn);
    const audit = (await documentDetail(t.url, ids[TO_CANCEL])).audit as Json[];
    expect(audit.some((a) => a.actor === 'operator:asha' && a.reason === 'customer asked to cancel')).toBe(
      true,
    );
    await page.waitForSelector('#detail-facts dd:has-text("CANCELLED")');
    // A cancelled registration has no QR to print and nothing to retry.
    expect(await page.isHidden('#qr-box')).toBe(true);
    expect(await page.isHidden('#retry-one')).toBe(true);
    await shot('8-cancelled');
  });

  it('exports the failure queue as CSV and XLSX, behind the API key', async () => {
    expect((await fetch(`${t.url}/exports/failures.csv`)).status).toBe(401);
    expect((await api(t.url, '/exports/failures.csv?state=WRITTEN_BACK')).status).toBe(400);
    expect((await api(t.url, '/exports/failures.pdf')).status).toBe(400);
    // Both bad documents are fixed by now: export what the queue held through its audit-free view.
    const csv = await api(t.url, '/exports/failures.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(parse(await csv.text(), { columns: true, bom: true })).toEqual([]);
    const xlsx = await api(t.url, '/exports/failures.xlsx');
    expect(xlsx.status).toBe(200);
    const workbook = new Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.getWorksheet('failures')?.getRow(1).getCell(3).value).toBe('document_number');
  });

  it('/metrics counts the provider calls the registrations made and the submissions by state', async () => {
    const text = await (await api(t.url, '/metrics')).text();
    expect(text).toContain('connector_submissions{regime="in-einvoice",state="CANCELLED"} 1');
    expect(text).toContain('connector_submissions{regime="in-einvoice",state="WRITTEN_BACK"} 2');
    expect(text).toMatch(
      /^connector_provider_calls_total\{provider="[^"]+",operation="[^"]+",outcome="200"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^connector_provider_call_duration_seconds_count\{provider="[^"]+",operation="[^"]+"\} [1-9]/m,
    );
  });
});

/** Playwright's web-first count assertion, without its test runner: polls until the locator has `count`. */
async function hasCount(locator: Locator, count: number): Promise<void> {
  await eventually(async () => ((await locator.count()) === count ? true : undefined), 10_000, 100);
}
