/**
 * Micro-benchmark of the Tally pull's stages on one thread, without HTTP in the timed part: a simulator
 * (forked) answers once, its bytes are kept, and then the connector's own code reads them again and again:
 * the scan into voucher trees, the content hash, the normaliser (with the validator), and the whole
 * toSourceDocument. CPU µs per voucher for each, so a change to one stage can be measured on its own on a
 * shared machine. Not part of `npm run bench`:
 *
 *   npx tsc -p tsconfig.bench.json && node dist-bench/bench/support/tally-stages.micro.js [vouchers] [rounds]
 */
import * as http from 'node:http';
import { loadavg } from 'node:os';
import { TallyConfig } from '../../src/connectors/tally';
import {
  gstRegistrationsRequest,
  ledgersRequest,
  listCompaniesRequest,
  stockItemsRequest,
  voucherTypesRequest,
  vouchersRequest,
  VOUCHER_RECORDS,
} from '../../src/connectors/tally/tally-envelopes';
import { TallyHttpClient } from '../../src/connectors/tally/tally-http-client';
import { masterIndexOf, readCompany, type MasterSnapshot } from '../../src/connectors/tally/tally-masters';
import { toSourceDocument, voucherContentHash } from '../../src/connectors/tally/voucher-document';
import { normaliseVoucher, type NormaliseContext } from '../../src/connectors/tally/voucher-normaliser';
import { documentTypeOf, resolveVoucherTypes } from '../../src/connectors/tally/voucher-types';
import { TallyRecordReader } from '../../src/connectors/tally/xml/tally-xml-reader';
import type { TallyNode } from '../../src/connectors/tally/xml/tally-node';
import { forkTallySimulator } from './tally-simulator-process';

const COMPANY = 'Bench Traders Pvt Ltd';

async function main(): Promise<void> {
  const voucherCount = Number(process.argv[2] ?? 5_000);
  const rounds = Number(process.argv[3] ?? 5);
  const sim = await forkTallySimulator({
    voucherCount,
    seed: 42,
    companyName: COMPANY,
    linesPerVoucher: 10,
    distinctVouchers: 1_000,
  });
  try {
    const client = new TallyHttpClient({ url: sim.url, timeoutMs: 60_000, utf16: false });
    const ctx = await contextOf(client);
    client.close();
    const request = vouchersRequest({
      company: COMPANY,
      from: '2024-04-01',
      to: '2025-03-31',
      voucherTypes: [],
    });
    const chunks = await fetchBytes(sim.url, request);
    const vouchers = readAll(chunks).filter((voucher) => ctx.documentTypeOf(typeOf(voucher)) !== undefined);
    const documents = vouchers.map((v) => toSourceDocument(v, ctx));
    const json = JSON.stringify(documents);
    console.log(`${vouchers.length} sales vouchers, ${rounds} rounds; load ${loadavg()[0].toFixed(2)}`);
    for (let round = 0; round < rounds; round += 1) {
      const figures = [
        measure('scan', vouchers.length, () => readAll(chunks).length),
        measure('hash', vouchers.length, () => vouchers.map((v) => voucherContentHash(v)).length),
        measure('normalise', vouchers.length, () => vouchers.map((v) => normaliseVoucher(v, ctx)).length),
        measure('document', vouchers.length, () => vouchers.map((v) => toSourceDocument(v, ctx)).length),
        // What a pull worker's postMessage costs both threads: serialising and deserialising the documents.
        measure('clone', vouchers.length, () => structuredClone(documents).length),
        measure('json out', vouchers.length, () => JSON.stringify(documents).length),
        measure('json in', vouchers.length, () => (JSON.parse(json) as unknown[]).length),
      ];
      console.log(`round ${round + 1}: ${figures.join(', ')}  (load ${loadavg()[0].toFixed(2)})`);
    }
  } finally {
    await sim.stop();
  }
}

function measure(name: string, vouchers: number, action: () => number): string {
  const before = process.cpuUsage();
  action();
  const cpu = process.cpuUsage(before);
  return `${name} ${((cpu.user + cpu.system) / vouchers).toFixed(1)} µs`;
}

function readAll(chunks: Buffer[]): TallyNode[] {
  const reader = new TallyRecordReader({ records: VOUCHER_RECORDS });
  const out: TallyNode[] = [];
  for (const chunk of chunks) out.push(...reader.write(chunk));
  out.push(...reader.end());
  return out;
}

function typeOf(voucher: TallyNode): string {
  const type = voucher.children.find((child) => child.name === 'VOUCHERTYPENAME');
  return type?.text ?? voucher.attrs.VCHTYPE ?? '';
}

async function contextOf(client: TallyHttpClient): Promise<NormaliseContext> {
  let company;
  for await (const node of client.records(listCompaniesRequest(), { childrenOf: 'COLLECTION' })) {
    const info = readCompany(node);
    if (info.name === COMPANY) company = info;
  }
  if (!company) throw new Error(`${COMPANY} not open in the simulator`);
  const snapshot: MasterSnapshot = { ledgers: [], items: [], voucherTypes: [], gstRegistrations: [] };
  const lists: [string, TallyNode[]][] = [
    [ledgersRequest(COMPANY), snapshot.ledgers],
    [stockItemsRequest(COMPANY), snapshot.items],
    [voucherTypesRequest(COMPANY), snapshot.voucherTypes],
    [gstRegistrationsRequest(COMPANY), snapshot.gstRegistrations],
  ];
  for (const [request, into] of lists) {
    for await (const node of client.records(request, { childrenOf: 'COLLECTION' })) into.push(node);
  }
  const config = new TallyConfig();
  const types = resolveVoucherTypes(
    {
      sales: config.salesVoucherTypes,
      creditNotes: config.creditNoteVoucherTypes,
      debitNotes: config.debitNoteVoucherTypes,
    },
    snapshot.voucherTypes,
  );
  return { company, masters: masterIndexOf(snapshot), documentTypeOf: (type) => documentTypeOf(types, type) };
}

function fetchBytes(url: string, body: string): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const request = http.request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'text/xml;charset=utf-8' } },
      (response) => {
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(chunks));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
