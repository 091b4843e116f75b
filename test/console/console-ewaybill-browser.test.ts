/**
 * E-way bill operations from the console, in headless Chromium against the real application (real
 * PostgreSQL, the sandbox's e-way bill system over HTTP): bills generated with the product's client at the
 * sandbox and seeded as registered submissions (as test/ewaybill-operations does) are opened in the
 * detail panel; Part-B, transporter, extension and consolidation are filled in and sent from their forms,
 * and the sandbox and the API then hold the change (the new vehicle, the transporter, the new validity,
 * the consolidated bill). Reason dropdowns carry the regime's own lists from GET /regimes; a bad entry is
 * shown beside its field; a cancelled bill is offered no action. Screens go to test-artifacts/console/.
 */
import 'reflect-metadata';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { chromium, type Browser, type Page } from 'playwright-core';
import { parseIstDateTime } from '../../src/domain';
import type { CatalogAEwaybillClient } from '../../src/regimes/in-ewaybill';
import { EXTEND_REASONS } from '../../src/regimes/in-ewaybill/operations/extend.operation';
import { PART_B_REASONS } from '../../src/regimes/in-ewaybill/operations/part-b.operation';
import { seedBill } from '../ewaybill-operations/seeded-bill';
import { SELLER, startEwaybillWorld, type EwaybillWorld } from '../ewaybill-operations/ewaybill-world';
import { documentDetail } from '../einvoice-e2e/support';
import { eventually, TEST_API_KEY, type TestApp } from '../support/test-app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = resolve(__dirname, '..', '..', 'test-artifacts', 'console');
const HOUR = 3600_000;
const TRANSPORTER = '29AAACW4202F1ZM';

interface Seeded {
  submissionId: string;
  documentId: string;
  docNo: string;
  ewbNo: string;
}

describe('e-way bill operations from the console (headless Chromium, real app, sandbox e-way bill system)', () => {
  let sandbox: RunningSandbox;
  let app: TestApp;
  let db: DataSource;
  let generator: CatalogAEwaybillClient;
  let world: EwaybillWorld | undefined;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
    mkdirSync(ARTIFACTS, { recursive: true });
    world = await startEwaybillWorld();
    ({ sandbox, app, db, generator } = world);
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
    jest.useRealTimers();
    await browser?.close();
    await world?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  /** A bill generated at the sandbox (Part-A only without a vehicle), seeded as a submission in `state`. */
  async function seededBill(options: { partAOnly?: boolean; state?: string } = {}): Promise<Seeded> {
    const seeded = await seedBill(
      { db, generator, sandbox, seller: SELLER },
      { docPrefix: 'CW', ...options },
    );
    return {
      submissionId: seeded.submissionId,
      documentId: seeded.documentId,
      docNo: seeded.docNo,
      ewbNo: seeded.generated.ewbNo,
    };
  }

  /** The submission as GET /documents/:id answers it. */
  async function submissionOf(bill: Seeded) {
    const doc = await documentDetail(app.url, bill.documentId);
    return (doc.submissions as { id: string; state: string; validUpto: string | null }[]).find(
      (s) => s.id === bill.submissionId,
    )!;
  }

  /** Opens the bill in the detail panel from the submissions list, searched by its document number. */
  async function openBill(bill: Seeded): Promise<void> {
    await page.click('#tab-submissions');
    await page.fill('#submissions-search', bill.docNo);
    await page.press('#submissions-search', 'Enter');
    const row = page.locator('#submissions tr', { hasText: bill.docNo });
    await row.waitFor();
    await row.click();
    await page.waitForSelector(`#detail-doc:has-text("${bill.docNo}")`);
  }

  /** The form's message once it is no longer "Sending…". */
  async function answerOf(form: string): Promise<string> {
    const message = page.locator(`${form} .form-message`);
    return eventually(
      async () => {
        const text = await message.innerText();
        return text && !text.startsWith('Sending') ? text : undefined;
      },
      20_000,
      100,
    );
  }

  const optionsOf = (select: string) => page.locator(`${select} option`).allInnerTexts();

  let partA: Seeded;
  let active: Seeded;

  it('signs in; a cancelled bill is offered no operation', async () => {
    await page.goto(`${app.url}/console`);
    await page.fill('#api-key', TEST_API_KEY);
    await page.click('#login-form button[type=submit]');
    await page.waitForSelector('#dashboard-view:not([hidden])');
    await page.fill('#operator', 'asha');
    await page.fill('#reason', 'truck changed at Hubballi');
    const cancelled = await seededBill({ state: 'CANCELLED' });
    await openBill(cancelled);
    expect(await page.isHidden('#operations')).toBe(true);
    expect(await page.isHidden('#op-part-b')).toBe(true);
  });

  it("offers Part-B with the regime's own reasons; a bad vehicle is shown beside its field, nothing sent", async () => {
    partA = await seededBill({ partAOnly: true });
    await openBill(partA);
    await page.waitForSelector('#operations:not([hidden])');
    for (const form of ['#op-part-b', '#op-transporter', '#op-consolidate'])
      expect(await page.isVisible(form)).toBe(true);
    // A Part-A only bill has no validity to extend (the API would refuse it with 381).
    expect(await page.isHidden('#op-extend')).toBe(true);
    expect(await optionsOf('#op-part-b [name=reasonCode]')).toEqual(
      Object.entries(PART_B_REASONS).map(([code, label]) => `${code} ${label}`),
    );
    await page.fill('#op-part-b [name=vehicleNo]', 'KA-01');
    await page.fill('#op-part-b [name=fromPlace]', 'Bengaluru');
    await page.fill('#op-part-b [name=fromState]', '29');
    await page.selectOption('#op-part-b [name=reasonCode]', '4');
    await page.fill('#op-part-b [name=reasonRemark]', 'First time');
    await page.click('#op-part-b button[type=submit]');
    const beside = page.locator('#op-part-b label:has([name=vehicleNo]) .field-error');
    await beside.waitFor();
    expect(await beside.innerText()).toContain('vehicleNo must be 7-15 letters and digits');
    expect(await page.getAttribute('#op-part-b [name=vehicleNo]', 'aria-invalid')).toBe('true');
    expect(await page.locator('#op-part-b .field-error').count()).toBe(1);
    expect(sandbox.einvoice.ewaybill.store.find(partA.ewbNo)?.vehicles).toHaveLength(0);
    await shot('ewb-1-part-b-field-error');
  });

  it('enters the vehicle (Part-B): the sandbox holds it and the new validity is shown as the API states it', async () => {
    await page.fill('#op-part-b [name=vehicleNo]', 'ka 01 ab 1234');
    await page.click('#op-part-b button[type=submit]');
    const said = await answerOf('#op-part-b');
    const stored = sandbox.einvoice.ewaybill.store.find(partA.ewbNo)!;
    expect(stored.vehicles[0]).toMatchObject({ vehicleNo: 'KA01AB1234', fromPlace: 'Bengaluru' });
    const submission = await submissionOf(partA);
    expect(submission.validUpto).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:00\+05:30$/);
    expect(parseIstDateTime(submission.validUpto)).toBe(stored.validUntilMs);
    expect(said).toContain(`e-way bill ${partA.ewbNo} valid until `);
    expect(said).toContain(`23:59 IST (${submission.validUpto})`);
    expect(await page.locator('#op-part-b .field-error').count()).toBe(0);
    await page.waitForSelector(`#detail-facts dd:has-text("${submission.validUpto}")`);
    await page.waitForSelector('#op-extend:not([hidden])');
    await shot('ewb-2-part-b-done');
  });

  it('assigns the transporter; a malformed GSTIN is shown beside its field', async () => {
    await page.fill('#op-transporter [name=transporterId]', '29ABC');
    await page.click('#op-transporter button[type=submit]');
    const beside = page.locator('#op-transporter label:has([name=transporterId]) .field-error');
    await beside.waitFor();
    expect(await beside.innerText()).toContain('15-character GSTIN or TRANSIN');
    await page.fill('#op-transporter [name=transporterId]', TRANSPORTER);
    await page.click('#op-transporter button[type=submit]');
    expect(await answerOf('#op-transporter')).toMatch(/^Done: transporter\./);
    expect(sandbox.einvoice.ewaybill.store.find(partA.ewbNo)?.transporterId).toBe(TRANSPORTER);
  });

  it("extends: outside NIC's window the API's refusal is said in the form; inside it the new validity", async () => {
    active = await seededBill();
    await openBill(active);
    await page.waitForSelector('#op-extend:not([hidden])');
    const before = (await submissionOf(active)).validUpto!;
    expect(await optionsOf('#op-extend [name=reasonCode]')).toEqual(
      Object.entries(EXTEND_REASONS).map(([code, label]) => `${code} ${label}`),
    );
    await page.selectOption('#op-extend [name=reasonCode]', '5');
    await page.fill('#op-extend [name=remark]', 'Accident');
    await page.fill('#op-extend [name=remainingDistanceKm]', '120');
    await page.fill('#op-extend [name=fromPlace]', 'Hubballi');
    await page.fill('#op-extend [name=fromState]', '29');
    await page.fill('#op-extend [name=fromPincode]', '58002');
    await page.fill('#op-extend [name=vehicleNo]', 'KA01AB1234');
    expect(await page.isHidden('#op-extend [name=addressLine1]')).toBe(true);
    await page.click('#op-extend button[type=submit]');
    const pin = page.locator('#op-extend label:has([name=fromPincode]) .field-error');
    await pin.waitFor();
    expect(await pin.innerText()).toMatch(/fromPincode/);
    await page.fill('#op-extend [name=fromPincode]', '580020');
    await page.click('#op-extend button[type=submit]');
    expect(await answerOf('#op-extend')).toMatch(/^HTTP 409: .*8 hours before to 8 hours after/);
    await shot('ewb-3-extend-refused');

    // Two hours before the bill's end (the service's and the sandbox's clock, both read from Date):
    // inside the window.
    const endsAt = parseIstDateTime(before)!;
    jest.useFakeTimers({
      now: endsAt - 2 * HOUR,
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      await page.click('#op-extend button[type=submit]');
      const said = await answerOf('#op-extend');
      const after = (await submissionOf(active)).validUpto!;
      expect(parseIstDateTime(after)! - endsAt).toBe(24 * HOUR);
      expect(said).toContain(`e-way bill ${active.ewbNo} valid until `);
      expect(said).toContain(`(${after})`);
      expect(sandbox.einvoice.ewaybill.store.find(active.ewbNo)?.extendedTimes).toBe(1);
    } finally {
      jest.useRealTimers();
    }
    await shot('ewb-4-extend-done');
  });

  it('consolidates the chosen bills on one vehicle and shows the consolidated number', async () => {
    const third = await seededBill();
    await openBill(active);
    const choices = page.locator('#op-consolidate .choices input[type=checkbox]');
    await eventually(async () => ((await choices.count()) >= 3 ? true : undefined), 10_000, 100);
    expect(await page.isChecked(`#op-consolidate .choices input[value="${active.submissionId}"]`)).toBe(true);
    await page.check(`#op-consolidate .choices input[value="${third.submissionId}"]`);
    await page.fill('#op-consolidate [name=vehicleNo]', 'KA05MN4321');
    await page.fill('#op-consolidate [name=fromPlace]', 'Bengaluru');
    await page.fill('#op-consolidate [name=fromState]', '0');
    await page.click('#op-consolidate button[type=submit]');
    const beside = page.locator('#op-consolidate label:has([name=fromState]) .field-error');
    await beside.waitFor();
    expect(await beside.innerText()).toMatch(/fromState/);
    await page.fill('#op-consolidate [name=fromState]', '29');
    await page.click('#op-consolidate button[type=submit]');
    const said = await answerOf('#op-consolidate');
    const number = /Consolidated e-way bill (\d{10})/.exec(said)?.[1];
    expect(number).toBeDefined();
    const trip = sandbox.einvoice.ewaybill.store.findConsolidated(number!);
    expect(trip?.vehicleNo).toBe('KA05MN4321');
    expect(trip?.ewbNos.sort()).toEqual([active.ewbNo, third.ewbNo].sort());
    expect(said).toContain(`e-way bill ${third.ewbNo}`);
    await shot('ewb-5-consolidated');
  });
});
