/**
 * ZATCA throughput on one core: build (mapper) + hash + sign + QR per invoice, against node's raw
 * secp256k1 signing rate measured in the same run. Goal: the full pipeline at >= 50% of raw signing.
 * The pipeline is what production does per invoice: map (xmlbuilder2 templates), hash, sign with a signer
 * prepared once per CSID (createInvoiceSigner), QR.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { loadavg } from 'node:os';
import { createInvoiceSigner } from '../src/regimes/sa-zatca/signer';
import { buildZatcaInvoiceXml } from '../src/mappers/ksa-ubl';
import { sampleSaudiInvoice } from '../src/domain/__fixtures__';
import { createTestSigningMaterial } from '../test/ksa-xml/support/test-certificate';
import { INITIAL_PIH } from '../test/ksa-xml/support/zatca-variants';

export interface ZatcaSigningBenchResult {
  rawSignaturesPerSecond: number;
  invoicesPerSecond: number;
  ratio: number;
}

export function run(seconds = 3): ZatcaSigningBenchResult {
  const raw = rawSigner();
  const pipeline = invoicePipeline();
  warmUp(raw);
  warmUp(pipeline);
  // The two are timed in alternating slices so that other load on a shared machine weighs on both alike.
  const rounds = 10;
  const slice = seconds / (2 * rounds);
  const rawRun = { count: 0, seconds: 0 };
  const pipelineRun = { count: 0, seconds: 0 };
  for (let round = 0; round < rounds; round++) {
    accumulate(rawRun, measure(slice, raw));
    accumulate(pipelineRun, measure(slice, pipeline));
  }
  const rawSignaturesPerSecond = rawRun.count / rawRun.seconds;
  const invoicesPerSecond = pipelineRun.count / pipelineRun.seconds;
  const ratio = invoicesPerSecond / rawSignaturesPerSecond;
  const load = loadavg()[0].toFixed(2);
  console.log(`zatca raw secp256k1 signing : ${rawSignaturesPerSecond.toFixed(0)} signatures/s (1 core)`);
  console.log(`zatca build+hash+sign+QR    : ${invoicesPerSecond.toFixed(0)} invoices/s (1 core)`);
  console.log(
    `zatca ratio                 : ${(ratio * 100).toFixed(1)}% of raw signing (goal >= 50%; load ${load})`,
  );
  return { rawSignaturesPerSecond, invoicesPerSecond, ratio };
}

function rawSigner(): () => void {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const digest = Buffer.alloc(32, 7);
  return () => {
    sign('sha256', digest, privateKey);
  };
}

function invoicePipeline(): () => void {
  const material = createTestSigningMaterial();
  const signer = createInvoiceSigner(material);
  const invoice = sampleSaudiInvoice();
  let icv = 0;
  let pih = INITIAL_PIH;
  return () => {
    icv += 1;
    const built = buildZatcaInvoiceXml(invoice, { icv, pih, uuid: `bench-${icv}` });
    if (!built.ok) throw new Error('bench invoice failed to map');
    pih = signer.sign(built.value).invoiceHash;
  };
}

function warmUp(operation: () => void): void {
  for (let i = 0; i < 200; i++) operation();
}

interface Run {
  count: number;
  seconds: number;
}

function accumulate(total: Run, run: Run): void {
  total.count += run.count;
  total.seconds += run.seconds;
}

function measure(seconds: number, operation: () => void): Run {
  const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  const start = process.hrtime.bigint();
  let count = 0;
  let now = start;
  while (now < deadline) {
    operation();
    count += 1;
    if ((count & 15) === 0) now = process.hrtime.bigint();
  }
  return { count, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

if (require.main === module) run();
