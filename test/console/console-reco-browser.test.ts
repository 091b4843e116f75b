/**
 * The console's reconciliation view in a real browser, by interaction: Debian's Chromium (headless,
 * playwright-core) against the real application with the sandbox return gateway and a CSV purchase
 * register. An operator runs the period, accepts a suggested match, ignores a 2B document, unlinks a
 * mismatched pair and links it again, and downloads the CSV export from the page. Screens are kept under
 * test-artifacts/console/. A missing browser fails this suite: `.ci/run` installs it.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { RECO_GSTIN, RECO_PERIOD, startRecoApp, type RecoApp } from '../reconciliation/reco-app';
import { latestGeneratedPeriod } from '../../src/reconciliation';
import { eventually, TEST_API_KEY } from '../support/test-app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = resolve(__dirname, '..', '..', 'test-artifacts', 'console');

interface Match {
  id: string;
  category: string;
  billNumber: string | null;
  gstr2bNumber: string | null;
  decision: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
}

describe('console reconciliation view in headless Chromium (real app, sandbox return gateway)', () => {
  let r: RecoApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
    mkdirSync(ARTIFACTS, { recursive: true });
    r = await startRecoApp();
    // The taxpayer's OTP opens the gateway session (the CLI and API tests cover this step).
    expect(
      (await api('POST', `/returns/${RECO_GSTIN}/session/otp-request`, { operator: 'asha' })).status,
    ).toBe(200);
    expect(
      (await api('POST', `/returns/${RECO_GSTIN}/session/otp`, { operator: 'asha', otp: r.gateway.otp }))
        .status,
    ).toBe(200);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1500, height: 1100 }, acceptDownloads: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await r?.close();
  });

  function api(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${r.app.url}${path}`, {
      method,
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function report(): Promise<Match[]> {
    return (
      (await (await api('GET', `/reconciliation/${RECO_GSTIN}/${RECO_PERIOD}`)).json()) as {
        matches: Match[];
      }
    ).matches;
  }

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const count = (category: string) => r.seeded.expected.filter((e) => e.category === category).length;
  const rowOf = (id: string) => page.locator(`#reco-matches tr[data-id="${id}"]`);

  it('runs the period from the console and shows categories, totals and every verdict', async () => {
    await page.goto(`${r.app.url}/console`);
    await page.fill('#api-key', TEST_API_KEY);
    await page.click('#login-form button[type=submit]');
    await page.waitForSelector('#tab-reco:visible');
    await page.fill('#operator', 'asha');
    await page.click('#tab-reco');
    await page.waitForSelector('#reco-view:not([hidden])');
    // Before any run, the configured GSTIN is offered and chosen, with the newest generated GSTR-2B.
    await page.waitForFunction(`document.querySelector('#reco-gstin').value !== ''`);
    expect(await page.inputValue('#reco-gstin')).toBe(RECO_GSTIN);
    expect(await page.inputValue('#reco-period')).toBe(latestGeneratedPeriod(new Date(), 14));
    expect(
      await page.locator('#reco-gstins option').evaluateAll((o) => o.map((e) => e.getAttribute('value'))),
    ).toEqual([RECO_GSTIN]);
    await page.fill('#reco-gstin', RECO_GSTIN);
    await page.fill('#reco-period', RECO_PERIOD);
    await page.click('#reco-run');
    await page.waitForSelector('#action-message:has-text("Reconciled.")');
    await page.waitForSelector(`#reco-periods option[value="${RECO_PERIOD}"]`, { state: 'attached' });
    await page.waitForSelector('#reco-categories tr[data-category="total"]');
    for (const category of ['exact', 'suggested', 'mismatch', 'missing-in-2b', 'missing-in-books']) {
      expect(await page.locator(`#reco-categories tr[data-category="${category}"]`).innerText()).toMatch(
        new RegExp(`^${category}\\s+${count(category)}\\s+\\d+\\.\\d\\d$`),
      );
    }
    expect(await page.locator('#reco-categories tr[data-category="missing-in-2b"]').innerText()).toMatch(
      /\s8100\.00$/,
    );
    expect(await page.locator('#reco-categories tr.total').innerText()).toMatch(
      new RegExp(`^total\\s+${r.seeded.expected.length}\\s`),
    );
    await hasCount(page.locator('#reco-matches tr'), r.seeded.expected.length);
    expect(await page.locator('#reco-summary').innerText()).toMatch(/^Last run completed \(operator:asha, /);
    await shot('reco-1-categories');
  });

  it('accepts a suggested match and ignores a 2B document the books lack', async () => {
    const before = await report();
    const suggested = before.find((m) => m.category === 'suggested')!;
    const notInBooks = before.find((m) => m.category === 'missing-in-books' && !m.decision)!;
    await page.fill('#reason', 'checked with the supplier');
    await rowOf(suggested.id).locator('input.pick').check();
    await page.click('#reco-accept');
    await page.waitForSelector('#action-message:has-text("Accepted 1.")');
    await page.waitForSelector(`#reco-matches tr[data-id="${suggested.id}"] td:has-text("accepted by asha")`);
    await rowOf(notInBooks.id).locator('input.pick').check();
    await page.click('#reco-ignore');
    await page.waitForSelector('#action-message:has-text("Ignored 1.")');
    await page.waitForSelector(`#reco-matches tr[data-id="${notInBooks.id}"] td:has-text("ignored by asha")`);
    const after = new Map((await report()).map((m) => [m.id, m]));
    expect(after.get(suggested.id)).toMatchObject({
      decision: 'accepted',
      decidedBy: 'operator:asha',
      decisionReason: 'checked with the supplier',
    });
    expect(after.get(notInBooks.id)).toMatchObject({ decision: 'ignored', decidedBy: 'operator:asha' });
    await shot('reco-2-accepted-ignored');
  });

  it('unlinks a mismatched pair, then links the two documents again', async () => {
    const mismatch = (await report()).find((m) => m.category === 'mismatch' && !m.decision)!;
    await page.fill('#reason', 'different invoice');
    await rowOf(mismatch.id).locator('input.pick').check();
    await page.click('#reco-unlink');
    await page.waitForSelector('#action-message:has-text("Unlinked 1.")');
    const unlinked = (await report()).filter((m) => m.decision === 'unlinked');
    const purchase = unlinked.find(
      (m) => m.category === 'missing-in-2b' && m.billNumber === mismatch.billNumber,
    )!;
    const document = unlinked.find(
      (m) => m.category === 'missing-in-books' && m.gstr2bNumber === mismatch.gstr2bNumber,
    )!;
    await hasCount(rowOf(purchase.id), 1);
    await hasCount(rowOf(document.id), 1);
    await shot('reco-3-unlinked');

    // Link needs one of each: a single row is refused in the page, before any request.
    await page.fill('#reason', 'same invoice after all');
    await rowOf(purchase.id).locator('input.pick').check();
    await page.click('#reco-link');
    await page.waitForSelector('#action-message.error:has-text("select one purchase missing in 2B")');
    await rowOf(document.id).locator('input.pick').check();
    await page.click('#reco-link');
    await page.waitForSelector('#action-message:has-text("Linked 1.")');
    const linked = (await report()).find((m) => m.decision === 'linked')!;
    expect(linked).toMatchObject({
      category: 'mismatch',
      billNumber: mismatch.billNumber,
      gstr2bNumber: mismatch.gstr2bNumber,
      decidedBy: 'operator:asha',
      decisionReason: 'same invoice after all',
    });
    await page.waitForSelector(`#reco-matches tr[data-id="${linked.id}"] td:has-text("linked by asha")`);
    await hasCount(page.locator('#reco-matches tr'), r.seeded.expected.length);
    await shot('reco-4-linked');
  });

  it('filters by category and downloads the CSV export from the page', async () => {
    await page.selectOption('#reco-category', 'suggested');
    await page.click('#reco-form button[type=submit]');
    await hasCount(page.locator('#reco-matches tr'), count('suggested'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#reco-export-csv')]);
    expect(download.suggestedFilename()).toBe(`reconciliation-${RECO_GSTIN}-${RECO_PERIOD}.csv`);
    const rows = parse<Record<string, string>>(readFileSync(await download.path()), {
      columns: true,
      bom: true,
    });
    expect(rows).toHaveLength(count('suggested'));
    expect(rows.map((row) => row.Category)).toEqual(rows.map(() => 'suggested'));
    expect(rows.some((row) => row.Decision === 'accepted' && row['Decided by'] === 'operator:asha')).toBe(
      true,
    );
    await shot('reco-5-filtered');
  });
  it('shows nothing without the key: a fresh tab gets the sign-in form, and the data calls answer 401', async () => {
    const fresh = await browser.newPage();
    try {
      await fresh.goto(`${r.app.url}/console`);
      await fresh.waitForSelector('#login:not([hidden])');
      expect(await fresh.isHidden('#console')).toBe(true);
      // What the page's scripts would fetch, from the page itself, without the key.
      const statuses = await fresh.evaluate(`Promise.all([
        '/reconciliation/runs',
        '/reconciliation/${RECO_GSTIN}/${RECO_PERIOD}',
        '/reconciliation/${RECO_GSTIN}/${RECO_PERIOD}/export.csv',
        '/submissions?state=REJECTED',
      ].map((path) => fetch(path, { credentials: 'omit' }).then((response) => response.status)))`);
      expect(statuses).toEqual([401, 401, 401, 401]);
    } finally {
      await fresh.close();
    }
  });
});

/** Playwright's web-first count assertion, without its test runner: polls until the locator has `count`. */
async function hasCount(locator: Locator, count: number): Promise<void> {
  await eventually(async () => ((await locator.count()) === count ? true : undefined), 10_000, 100);
}
