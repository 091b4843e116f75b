/**
 * ZATCA throughput on one core: build (mapper) + hash + sign + QR per invoice, against node's raw
 * secp256k1 signing rate measured in the same run. Goal: the full pipeline at >= 50% of raw signing.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { createInvoiceSigner } from '../src/compliance/ksa/signer';
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
  const rawSignaturesPerSecond = measure(seconds / 2, rawSigner());
  const invoicesPerSecond = measure(seconds / 2, invoicePipeline());
  const ratio = invoicesPerSecond / rawSignaturesPerSecond;
  console.log(`zatca raw secp256k1 signing : ${rawSignaturesPerSecond.toFixed(0)} signatures/s (1 core)`);
  console.log(`zatca build+hash+sign+QR    : ${invoicesPerSecond.toFixed(0)} invoices/s (1 core)`);
  console.log(`zatca ratio                 : ${(ratio * 100).toFixed(1)}% of raw signing (goal >= 50%)`);
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

function measure(seconds: number, operation: () => void): number {
  for (let i = 0; i < 50; i++) operation(); // warm-up
  const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  const start = process.hrtime.bigint();
  let count = 0;
  let now = start;
  while (now < deadline) {
    operation();
    count += 1;
    if ((count & 15) === 0) now = process.hrtime.bigint();
  }
  return count / (Number(process.hrtime.bigint() - start) / 1e9);
}

if (require.main === module) run();
