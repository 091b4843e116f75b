/**
 * Answers that said something other than what happened: a too-long upload name answered 503 "transient",
 * the upload answer naming a file other than the one stored, refused CSV files vanishing into processed/
 * with the reason only in a log line, and webhook instance names found by their 404. Real HTTP, real
 * PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PullService } from '../../src/sync/pull.service';
import { json, postSignedWebhook } from '../support/http';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-test-0123456789abcdef0123456789';
const SAMPLE = resolve(__dirname, '../../config/samples/inbox/sales-2026-11.csv');

describe('answers that say what happened', () => {
  let t: TestApp;

  beforeAll(async () => {
    // No worker: uploads stay in the inbox until the test pulls.
    t = await startTestApp({
      roles: ['api'],
      regimes: [],
      connectors: [
        { name: 'hook', kind: 'webhook', config: { secret: SECRET } },
        { name: 'books', kind: 'csv', config: { pollIntervalMs: 3_600_000 } },
      ],
    });
  });
  afterAll(() => t.close());

  const upload = (filename: string, body: Buffer | string) =>
    fetch(`${t.url}/connectors/books/files?filename=${encodeURIComponent(filename)}`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/octet-stream' },
      body,
    });
  const files = async () =>
    json(await fetch(`${t.url}/connectors/books/files`, { headers: { 'x-api-key': TEST_API_KEY } }));

  it('answers an unknown webhook instance exactly as a known one with a wrong signature', async () => {
    const body = JSON.stringify({ documents: [] });
    const known = await postSignedWebhook(t.url, 'hook', 'not-the-secret-xxxxxxxxxxxxxxxxxxxx', body);
    const unknown = await postSignedWebhook(
      t.url,
      'no-such-hook',
      'not-the-secret-xxxxxxxxxxxxxxxxxxxx',
      body,
    );
    const csvInstance = await postSignedWebhook(t.url, 'books', 'not-the-secret-xxxxxxxxxxxxxxxxxxxx', body);
    expect(known.status).toBe(401);
    for (const other of [unknown, csvInstance]) {
      expect(other.status).toBe(known.status);
      expect(await json(other)).toEqual(await json(known.clone()));
    }
    // Unsigned: the same "headers required" answer either way.
    const unsigned = (instance: string) =>
      fetch(`${t.url}/webhooks/${instance}/invoices`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const [a, b] = await Promise.all([unsigned('hook'), unsigned('no-such-hook')]);
    expect([a.status, b.status]).toEqual([401, 401]);
    expect(await json(b)).toEqual(await json(a));
  });

  it('answers a 1,000-character file name with 400 and says why', async () => {
    const res = await upload(`${'n'.repeat(996)}.csv`, await readFile(SAMPLE));
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/file name is 1000 characters long; at most 200/);
  });

  it('answers a file name given twice with 400 naming filename, not 500 (issue 30)', async () => {
    const res = await fetch(`${t.url}/connectors/books/files?filename=a.csv&filename=b.csv`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/octet-stream' },
      body: await readFile(SAMPLE),
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.message).toMatch(/filename must be given once/);
    expect(body.errors[0].path).toBe('filename');
  });

  it('answers an upload sent as JSON 415 naming the types it takes, storing nothing (issue 30)', async () => {
    const before = await files();
    const res = await fetch(`${t.url}/connectors/books/files?filename=sales.csv`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [] }),
    });
    expect(res.status).toBe(415);
    expect((await json(res)).message).toMatch(/text\/csv, text\/plain or application\/octet-stream/);
    expect(await files()).toEqual(before);
  });

  it('refuses at upload a file that is not CSV at all (a workbook, a PDF), storing nothing (issue 29)', async () => {
    const before = await files();
    const xlsx = await upload(
      'sales.xlsx.csv',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
    );
    expect(xlsx.status).toBe(400);
    expect((await json(xlsx)).message).toMatch(
      /ZIP archive \(an \.xlsx workbook is one\).*not CSV text; nothing was stored/,
    );
    const pdf = await upload('sales.csv', Buffer.from('%PDF-1.7\n%\xe2\xe3\n', 'latin1'));
    expect(pdf.status).toBe(400);
    expect((await json(pdf)).message).toMatch(/a PDF document, not CSV text/);
    expect(await files()).toEqual(before);
  });

  it('names in its answer the file as stored, also when the name was taken', async () => {
    const content = await readFile(SAMPLE);
    const first = await json(await upload('november.csv', content));
    const other = Buffer.from(content.toString('utf8').replace('DFT/2627/0451', 'DFT/2627/0999'));
    const second = await json(await upload('november.csv', other));
    const withoutExtension = await json(
      await upload('december', content.toString('utf8').replace(/DFT/g, 'DEC')),
    );
    expect(first.filename).toBe('november.csv');
    expect(second.filename).toBe(`november-${second.contentHash.slice(0, 8)}.csv`);
    expect(withoutExtension.filename).toBe('december.csv');
    expect((await files()).inbox).toEqual(
      [first.filename, second.filename, withoutExtension.filename].sort(),
    );
  });

  it('shows refused files with the reason, "encoding" where it is one, instead of moving them to processed', async () => {
    const header = (await readFile(SAMPLE, 'utf8')).split('\n')[0];
    expect((await upload('utf16.csv', Buffer.from(`${header}\nTax Invoice,X/1\n`, 'utf16le'))).status).toBe(
      202,
    );
    expect((await upload('header-only.csv', `${header}\n`)).status).toBe(202);
    expect((await upload('quotes.csv', `${header}\nTax Invoice,"X/1\n`)).status).toBe(202);
    await t.app.get(PullService).pull('books');
    const listing = await files();
    expect(listing.inbox).toEqual([]);
    const byName = new Map(
      (listing.rejected as { file: string; kind: string; reason: string }[]).map((f) => [f.file, f]),
    );
    expect(byName.get('utf16.csv')).toMatchObject({
      kind: 'encoding',
      reason: expect.stringMatching(/^utf16\.csv: encoding: /),
    });
    expect(byName.get('header-only.csv')).toMatchObject({ kind: 'no-data' });
    expect(byName.get('quotes.csv')).toMatchObject({ kind: 'syntax' });
  });

  it('diagnoses a semicolon-separated file by its separator (issue 29)', async () => {
    const header = (await readFile(SAMPLE, 'utf8')).split('\n')[0];
    const semicolons = `${header.replace(/,/g, ';')}\nTax Invoice;X/1\n`;
    expect((await upload('semicolons.csv', semicolons)).status).toBe(202);
    await t.app.get(PullService).pull('books');
    const listing = await files();
    const refused = (listing.rejected as { file: string; kind: string; reason: string }[]).find(
      (file) => file.file === 'semicolons.csv',
    );
    expect(refused).toMatchObject({
      kind: 'syntax',
      reason: expect.stringMatching(
        /the file is separated by semicolons \(;\), not "," as the profile reads it/,
      ),
    });
  });
});
