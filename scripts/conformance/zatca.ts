/**
 * ZATCA conformance: (a) our invoice hash reproduces the digest published in every official R3.4.8 sample;
 * (b) every supported invoice variant, built by the mapper and signed by the signer, passes zatca-check
 * (XSD, EN16931 and KSA schematrons, hash, ECDSA signature, certificate and SignedProperties digests, QR),
 * including a chain of invoices whose PIH is the previous invoice's hash.
 * Reads ../shared/reference at run time; signs with the SDK's dummy key when present, else a test key.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeInvoiceHash } from '../../src/regimes/sa-zatca/invoice-hash';
import { buildAndSign, type SigningKeys } from '../../test/ksa-xml/support/sign-variant';
import { createTestSigningMaterial } from '../../test/ksa-xml/support/test-certificate';
import {
  runZatcaCheck,
  sharedZatcaReferenceDir,
  zatcaCheckerPath,
} from '../../test/ksa-xml/support/zatca-check';
import {
  chainVariants,
  INITIAL_PIH,
  newInvoiceUuid,
  zatcaVariants,
} from '../../test/ksa-xml/support/zatca-variants';

export interface ConformanceLine {
  name: string;
  passed: boolean;
  detail: string;
}

export function run(): { passed: number; failed: number; lines: ConformanceLine[] } {
  const lines: ConformanceLine[] = [];
  const report = (line: ConformanceLine) => {
    lines.push(line);
    console.log(`${line.passed ? 'PASS' : 'FAIL'}  ${line.name}${line.detail ? `  ${line.detail}` : ''}`);
  };
  const reference = sharedZatcaReferenceDir();
  if (!reference || !zatcaCheckerPath()) {
    console.log('SKIP  ../shared/reference/zatca or zatca-check not found');
  } else {
    officialSampleHashes(reference).forEach(report);
    signedVariants(reference).forEach(report);
  }
  const passed = lines.filter((line) => line.passed).length;
  const failed = lines.length - passed;
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed, lines };
}

function officialSampleHashes(reference: string): ConformanceLine[] {
  return xmlFiles(join(reference, 'samples-R3.4.8'))
    .filter((file) => !file.endsWith('_Error.xml'))
    .map((file) => {
      const xml = readFileSync(file, 'utf8');
      const published = /<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</
        .exec(xml)?.[1]
        ?.trim();
      const ours = computeInvoiceHash(xml).hashBase64;
      return {
        name: `sample hash ${file.slice(reference.length + 1)}`,
        passed: ours === published,
        detail: ours === published ? '' : `ours ${ours} published ${published ?? '(none)'}`,
      };
    });
}

function signedVariants(reference: string): ConformanceLine[] {
  const keys = signingKeys(reference);
  const dir = mkdtempSync(join(tmpdir(), 'zatca-conformance-'));
  try {
    return judgeSignedVariants(keys, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function judgeSignedVariants(keys: ReturnType<typeof signingKeys>, dir: string): ConformanceLine[] {
  const results: ConformanceLine[] = [];
  const variants = zatcaVariants();
  const files = variants.map((variant, index) => {
    const signed = buildAndSign(
      variant.invoice,
      { icv: index + 1, pih: INITIAL_PIH, uuid: newInvoiceUuid() },
      keys,
    );
    const file = join(dir, `${variant.name}.xml`);
    writeFileSync(file, signed.signedXml);
    return file;
  });
  runZatcaCheck(files).forEach((result, index) =>
    results.push(checkLine(`variant ${variants[index].name}`, result)),
  );

  let pih = INITIAL_PIH;
  chainVariants().forEach((variant, index) => {
    const signed = buildAndSign(variant.invoice, { icv: 100 + index, pih, uuid: newInvoiceUuid() }, keys);
    const file = join(dir, `${variant.name}.xml`);
    writeFileSync(file, signed.signedXml);
    const [result] = runZatcaCheck([file], { pih });
    results.push(checkLine(`chain ${variant.name} (PIH = previous hash)`, result));
    pih = signed.invoiceHash;
  });
  return results;
}

function checkLine(name: string, result: ReturnType<typeof runZatcaCheck>[number]): ConformanceLine {
  return {
    name,
    passed: result.passed,
    detail: result.passed ? '' : result.failures.join(' | ') || result.report,
  };
}

function signingKeys(reference: string): SigningKeys {
  const certificates = join(reference, 'sdk', 'Certificates');
  try {
    return {
      privateKeyPem: readFileSync(join(certificates, 'ec-secp256k1-priv-key.pem'), 'utf8'),
      certificateBase64: readFileSync(join(certificates, 'cert.pem'), 'utf8'),
    };
  } catch {
    return createTestSigningMaterial();
  }
}

function xmlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return xmlFiles(path);
      return path.endsWith('.xml') ? [path] : [];
    });
}

if (require.main === module) {
  const { failed } = run();
  process.exitCode = failed > 0 ? 1 : 0;
}
