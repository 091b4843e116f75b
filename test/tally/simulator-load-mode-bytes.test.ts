/**
 * The load-test mode serves cached, pre-encoded voucher bodies: with as many distinct bodies as vouchers
 * its answers must be byte for byte those of the generating path, in UTF-8 and in UTF-16LE.
 */
import * as http from 'node:http';
import { vouchersRequest } from '../../src/connectors/tally/tally-envelopes';
import { startTallySimulator, type TallySimulator } from '@erp-connector/sandbox/tally';

const COMPANY = 'Bytes & Co';
const VOUCHERS = 1200;
const BASE = { voucherCount: VOUCHERS, seed: 11, companyName: COMPANY, linesPerVoucher: 10 };

function post(url: string, body: Buffer, contentType: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'Content-Type': contentType } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('Tally simulator load mode bytes', () => {
  let generating: TallySimulator;
  let cached: TallySimulator;
  const request = vouchersRequest({
    company: COMPANY,
    from: '2024-04-01',
    to: '2025-03-31',
    voucherTypes: [],
  });

  beforeAll(async () => {
    generating = await startTallySimulator(BASE);
    cached = await startTallySimulator({ ...BASE, distinctVouchers: VOUCHERS });
  });
  afterAll(async () => {
    await generating.stop();
    await cached.stop();
  });

  it('answers a full voucher collection in UTF-8 with the same bytes as the generating path', async () => {
    const body = Buffer.from(request, 'utf8');
    const expected = await post(generating.url, body, 'text/xml;charset=utf-8');
    const actual = await post(cached.url, body, 'text/xml;charset=utf-8');
    expect(expected.length).toBeGreaterThan(1_000_000);
    expect(actual.equals(expected)).toBe(true);
  });

  it('answers in UTF-16LE (with its byte order mark) with the same bytes as the generating path', async () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(request, 'utf16le')]);
    const expected = await post(generating.url, body, 'text/xml;charset=utf-16');
    const actual = await post(cached.url, body, 'text/xml;charset=utf-16');
    expect(expected.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
    expect(actual.equals(expected)).toBe(true);
  });

  it('serves the same bytes twice from its cache', async () => {
    const body = Buffer.from(request, 'utf8');
    const first = await post(cached.url, body, 'text/xml;charset=utf-8');
    const second = await post(cached.url, body, 'text/xml;charset=utf-8');
    expect(second.equals(first)).toBe(true);
  });
});
