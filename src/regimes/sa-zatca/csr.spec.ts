import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEgsCsr, checkEgsCsrConfig, generateEgsKeyPair, type EgsCsrConfig } from './csr';
import { readEgsCsr } from './csr-reader';

const config: EgsCsrConfig = {
  environment: 'simulation',
  commonName: 'TST-1234567890-310122393500003',
  solutionName: 'Connector',
  model: 'POS-7',
  serialNumber: 'a1b2c3d4',
  vatNumber: '310122393500003',
  organizationUnitName: 'Riyadh Branch',
  organizationName: 'Najd Lantern Trading LLC',
  invoiceType: '1100',
  locationAddress: 'Al Murabba, Riyadh',
  industryBusinessCategory: 'Retail trade',
};

function openssl(args: string[], input: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'csr-spec-'));
  try {
    const file = join(dir, 'request.pem');
    writeFileSync(file, input);
    return execFileSync('openssl', [...args, '-in', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('ZATCA CSR', () => {
  const keys = generateEgsKeyPair();
  const csr = buildEgsCsr(config, keys.privateKeyPem);

  it('generates a secp256k1 key pair in SEC1 PEM', () => {
    expect(keys.privateKeyPem).toContain('BEGIN EC PRIVATE KEY');
    expect(readEgsCsr(csr.pem).namedCurve).toBe('secp256k1');
  });

  it('carries the subject, EGS directoryName and environment template, and its signature verifies', () => {
    const content = readEgsCsr(csr.base64OfPem);
    expect(content.subject).toEqual({
      country: 'SA',
      organizationUnit: 'Riyadh Branch',
      organization: 'Najd Lantern Trading LLC',
      commonName: 'TST-1234567890-310122393500003',
    });
    expect(content.egs).toEqual({
      serialNumber: '1-Connector|2-POS-7|3-a1b2c3d4',
      vatNumber: '310122393500003',
      invoiceType: '1100',
      registeredAddress: 'Al Murabba, Riyadh',
      businessCategory: 'Retail trade',
    });
    expect(content.templateName).toBe('PREZATCA-Code-Signing');
    expect(content.signatureValid).toBe(true);
  });

  it('is base64 of the PEM text, as ZATCA takes it', () => {
    expect(Buffer.from(csr.base64OfPem, 'base64').toString('utf8')).toBe(csr.pem);
    expect(csr.pem).toMatch(
      /^-----BEGIN CERTIFICATE REQUEST-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE REQUEST-----\n$/,
    );
  });

  it.each([
    ['developer-portal', 'TSTZATCA-Code-Signing'],
    ['simulation', 'PREZATCA-Code-Signing'],
    ['core', 'ZATCA-Code-Signing'],
  ] as const)('names the %s template %s', (environment, template) => {
    expect(readEgsCsr(buildEgsCsr({ ...config, environment }, keys.privateKeyPem).der).templateName).toBe(
      template,
    );
  });

  it('detects a tampered request', () => {
    const der = Buffer.from(csr.der);
    const at = der.indexOf(Buffer.from('Riyadh Branch'));
    der[at] = 'X'.charCodeAt(0);
    expect(readEgsCsr(der).signatureValid).toBe(false);
  });

  it('parses with OpenSSL as the SDK-generated CSR does', () => {
    const text = openssl(['req', '-noout', '-text', '-verify'], csr.pem);
    if (text === undefined) {
      // no openssl binary here: the asn1 reader above already covers the content
      expect(readEgsCsr(csr.pem).signatureValid).toBe(true);
      return;
    }
    expect(text).toContain(
      'Subject: C = SA, OU = Riyadh Branch, O = Najd Lantern Trading LLC, CN = TST-1234567890-310122393500003',
    );
    expect(text).toContain(
      'DirName:/SN=1-Connector|2-POS-7|3-a1b2c3d4/UID=310122393500003/title=1100/registeredAddress=Al Murabba, Riyadh/businessCategory=Retail trade',
    );
    expect(text).toContain('PREZATCA-Code-Signing');
    expect(text).toContain('ecdsa-with-SHA256');
    expect(text).toContain('ASN1 OID: secp256k1');
  });

  it('refuses configs ZATCA would refuse', () => {
    expect(checkEgsCsrConfig(config)).toEqual([]);
    expect(checkEgsCsrConfig({ ...config, vatNumber: '123' })).toEqual([
      expect.stringContaining('vatNumber'),
    ]);
    expect(checkEgsCsrConfig({ ...config, invoiceType: '0011' })).toEqual([
      expect.stringContaining('invoiceType'),
    ]);
    expect(
      checkEgsCsrConfig({ ...config, vatNumber: '310122393510003', organizationUnitName: 'Branch' }),
    ).toEqual([expect.stringContaining('VAT group')]);
    expect(() => buildEgsCsr({ ...config, model: ' ' }, keys.privateKeyPem)).toThrow(/model is required/);
  });

  it('refuses a key that is not on secp256k1', () => {
    const { generateKeyPairSync } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'sec1', format: 'pem' })
      .toString();
    expect(() => buildEgsCsr(config, p256)).toThrow(/secp256k1/);
  });
});
