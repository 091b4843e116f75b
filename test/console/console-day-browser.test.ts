/**
 * An accountant's day in the console, in headless Chromium against the real application (CSV connector,
 * Postgres, queue, the sandbox IRP): the dashboard is the landing view; a CSV uploaded from the console is
 * read and its rows that need a fix are listed; the dashboard then counts and values today's documents in
 * rupees with Indian grouping; the failure queue pages through the server (one request a page, none per
 * row); "Retry all matching" covers the filter, every page, and says how many. Screens are kept under
 * test-artifacts/console/ (gitignored).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { SHARED_PROVIDER_THROTTLE } from '../../src/compliance/http';
import { businessDay } from '../../src/sync/business-day';
import {
  api,
  CONNECTOR,
  documentDetail,
  SELLER_GSTIN,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { sampleDocumentRows, writeCsv } from '../einvoice-intake/sample-csv';
import { json, type Json } from '../support/http';
import { eventually, TEST_API_KEY } from '../support/test-app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = resolve(__dirname, '..', '..', 'test-artifacts', 'console');
const SAMPLE = 'DFT/2627/0451';
/** The seller's own GSTIN as buyer: the IRN mapper refuses it (MAPPING_FAILED at buyer.gstin). */
const BAD_BUYER = SELLER_GSTIN;
/** More than one page (50) of the failure queue. */
const BAD_COUNT = 55;
const GOOD_COUNT = 2;
const badNumber = (i: number) => `DAY/BAD/${String(i).padStart(4, '0')}`;

describe("an accountant's day in the console (headless Chromium, real app, sandbox IRP)", () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;
  let browser: Browser;
  let page: Page;
  let uploadDir: string;
  let csvPath: string;
  const { today } = businessDay(new Date(), 'Asia/Kolkata');
  /** A document number listed on the failure queue's second page only. */
  let onSecondPageOnly = '';
  /** GET /documents/<id> calls the page makes: a list must not make one per row. */
  let documentRequests = 0;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
    mkdirSync(ARTIFACTS, { recursive: true });
    sandbox = await startEinvoiceSandbox();
    t = await startE2eApp({ sandbox });
    uploadDir = mkdtempSync(join(tmpdir(), 'console-upload-'));
    const invoiceDate = today.split('-').reverse().join('-');
    const rows = [];
    for (let i = 1; i <= BAD_COUNT; i += 1)
      rows.push(
        ...sampleDocumentRows(SAMPLE, badNumber(i), { BuyerGSTIN: BAD_BUYER, InvoiceDate: invoiceDate }),
      );
    for (let i = 1; i <= GOOD_COUNT; i += 1)
      rows.push(...sampleDocumentRows(SAMPLE, `DAY/OK/${i}`, { InvoiceDate: invoiceDate }));
    csvPath = writeCsv(uploadDir, 'day-sales.csv', rows);
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
    page.on('request', (request) => {
      if (/\/documents\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)) documentRequests += 1;
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await sandbox?.stop();
    if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
  });

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  it('lands on the dashboard after sign-in', async () => {
    await page.goto(`${t.url}/console`);
    await page.fill('#api-key', TEST_API_KEY);
    await page.click('#login-form button[type=submit]');
    await page.waitForSelector('#dashboard-view:not([hidden])');
    await page.waitForSelector('#dashboard-lines tr');
    expect(await page.isHidden('#queue-view')).toBe(true);
    expect(await page.locator('#dashboard-lines').innerText()).toContain('No documents dated this month.');
    expect(await page.locator('#dashboard-oldest').innerText()).toContain('Nothing pending');
    await page.fill('#operator', 'asha');
    await page.fill('#reason', 'buyer master corrected');
  });

  it('uploads a CSV from the console and shows what was read and which rows need a fix', async () => {
    expect(await page.locator('#upload-connector option').allInnerTexts()).toEqual([CONNECTOR]);
    await page.setInputFiles('#upload-file', csvPath);
    await page.click('#upload-form button[type=submit]');
    const result = page.locator('#upload-result');
    await eventually(
      async () => ((await result.innerText()).includes(' was read: ') ? true : undefined),
      60_000,
      200,
    );
    expect(await result.innerText()).toMatch(
      new RegExp(
        `^day-sales.*\\.csv was read: ${BAD_COUNT + GOOD_COUNT} new document\\(s\\), 0 updated, 0 unchanged\\.`,
      ),
    );
    expect(await result.innerText()).toContain(
      `${BAD_COUNT} document(s) need a fix in the ERP or here (the first 50 below, all in the failure queue).`,
    );
    const errors = page.locator('#upload-errors tr');
    expect(await errors.count()).toBe(50);
    const first = await errors.first().innerText();
    expect(first).toMatch(/DAY\/BAD\/\d{4}/);
    // In the order of the file: the first bad document is on rows 2-3.
    expect(first).toMatch(/^DAY\/BAD\/0001\s+day-sales\.csv rows 2-3\s/);
    expect(first).toContain('buyer.gstin');
    await shot('day-1-upload');
  });

  it("shows today's counts and values per GSTIN and state, in rupees with Indian grouping", async () => {
    await page.click('#refresh');
    const failing = page.locator('#dashboard-lines tr', { hasText: 'needs your fix' });
    await hasCount(failing, 1);
    const cells = await failing.locator('td').allInnerTexts();
    const figures = await json(await api(t.url, '/dashboard'));
    const line = (figures.lines as Json[]).find((l) => l.state === 'MAPPING_FAILED');
    expect(line).toMatchObject({ sellerTaxId: SELLER_GSTIN, todayCount: BAD_COUNT, monthCount: BAD_COUNT });
    // 55 x Rs 20,178.00, summed in SQL numeric.
    expect(line?.todayValue).toBe('1109790.00');
    expect(cells.slice(0, 5)).toEqual([
      SELLER_GSTIN,
      'INV',
      'in-einvoice',
      'needs your fix (MAPPING_FAILED)',
      '55',
    ]);
    expect(cells[5]).toBe('₹11,09,790.00');
    expect(cells[7]).toBe('₹11,09,790.00');
    expect(await page.locator('#dashboard-oldest').innerText()).toMatch(
      /^Oldest pending: DAY\/BAD\/\d{4} \(in-einvoice, needs your fix \(MAPPING_FAILED\)\), waiting \d+ (s|min)/,
    );
    // A provider answering 429 is said on the dashboard, with when calls resume.
    SHARED_PROVIDER_THROTTLE.hold('gsp-einvoice', 'gsp-einvoice:console-day', Date.now() + 5_000);
    await page.click('#refresh');
    await page.waitForSelector('#dashboard-providers:not([hidden])');
    expect(await page.locator('#dashboard-providers').innerText()).toMatch(
      /gsp-einvoice is refusing calls \(HTTP 429\): calls wait until .*IST/,
    );
    await shot('day-2-dashboard');
  });

  it('pages the failure queue through the server, one request a page and none per row', async () => {
    documentRequests = 0;
    await page.click('#tab-queue');
    await page.waitForSelector('#queue-summary:has-text("of 55")');
    expect(await page.locator('#queue-summary').innerText()).toBe(
      'Showing 1\u201350 of 55 failed submission(s).',
    );
    await hasCount(page.locator('#queue tr'), 50);
    const firstPage = await page.locator('#queue tr').allInnerTexts();
    expect(firstPage[0]).toContain('Mysore Auto Components Ltd');
    expect(firstPage[0]).toContain('₹20,178.00');
    expect(await page.isHidden('#queue-previous')).toBe(true);
    await shot('day-3-queue-page-1');
    await page.click('#queue-next');
    await page.waitForSelector('#queue-summary:has-text("51")');
    expect(await page.locator('#queue-summary').innerText()).toBe(
      'Showing 51\u201355 of 55 failed submission(s).',
    );
    await hasCount(page.locator('#queue tr'), 5);
    const secondPage = await page.locator('#queue tr').allInnerTexts();
    expect(secondPage.some((row) => firstPage.includes(row))).toBe(false);
    onSecondPageOnly = /DAY\/BAD\/\d{4}/.exec(secondPage[0])![0];
    expect(await page.isHidden('#queue-next')).toBe(true);
    await page.click('#queue-previous');
    await page.waitForSelector('#queue-summary:has-text("1\u201350")');
    expect(documentRequests).toBe(0);
  });

  it('"Retry all matching" retries every page of the filter and says how many it covered', async () => {
    expect(await page.locator('#retry-all').innerText()).toBe('Retry all 55 matching');
    // Fix the buyer of one document on the second page (not shown) so that its retry registers it.
    const onSecondPage = await json(await api(t.url, `/documents?q=${encodeURIComponent(onSecondPageOnly)}`));
    const id = onSecondPage.items[0].id as string;
    const patched = await api(t.url, `/documents/${id}/overrides`, {
      method: 'PATCH',
      body: JSON.stringify({
        overrides: { 'buyer.gstin': '29AAFCM7314Q1ZT' },
        operator: 'ravi',
        reason: 'buyer GSTIN corrected',
      }),
    });
    expect(patched.status).toBe(200);
    await page.click('#retry-all');
    await page.waitForSelector('#action-message:has-text("matching the filter")');
    expect(await page.locator('#action-message').innerText()).toBe(
      'Retried 55, skipped 0 of the 55 matching the filter.',
    );
    const registered = await eventually(async () => {
      const doc = await documentDetail(t.url, id);
      return ['REGISTERED', 'WRITEBACK_PENDING', 'WRITTEN_BACK'].includes(doc.submissions[0].state)
        ? doc
        : undefined;
    }, 30_000);
    expect(
      (registered.audit as Json[]).some((a) => a.action === 'operator-retry' && a.actor === 'operator:asha'),
    ).toBe(true);
    // The others fail again at mapping (their buyer is still wrong): 54 in the queue.
    await eventually(async () => {
      await page.click('#refresh');
      const summary = await page.locator('#queue-summary').innerText();
      return summary === 'Showing 1\u201350 of 54 failed submission(s).' ? true : undefined;
    }, 30_000);
    await shot('day-4-retried-all');
  });
});

/** Playwright's web-first count assertion, without its test runner: polls until the locator has `count`. */
async function hasCount(locator: Locator, count: number): Promise<void> {
  await eventually(async () => ((await locator.count()) === count ? true : undefined), 10_000, 100);
}
