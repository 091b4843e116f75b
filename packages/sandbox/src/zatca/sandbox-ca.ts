/**
 * The sandbox's certificate authority: issues CSIDs (X.509 code-signing certificates, secp256k1,
 * ecdsa-with-SHA256) for ZATCA CSRs, copying the CSR's subject and EGS directoryName as ZATCA's CA does,
 * and tells whether a certificate found in an invoice was issued by it.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  GeneralName,
  KeyIdentifier,
  KeyUsage,
  KeyUsageFlags,
  SubjectAlternativeName,
  SubjectKeyIdentifier,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  type Name,
} from '@peculiar/asn1-x509';
import type { EgsCsrContent } from './egs-csr';
import { arrayBufferOf, derOf, nameOf, OID, pemOf } from './x509-names';

const DOMAIN_COMPONENT = '0.9.2342.19200300.100.1.25';

const ID_KP_CODE_SIGNING = '1.3.6.1.5.5.7.3.3';
const ID_KP_CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const DAY_MS = 86_400_000;

export interface IssuedCertificate {
  der: Buffer;
  /** base64 DER: what an invoice carries in ds:X509Certificate. */
  base64: string;
  serialNumberHex: string;
  x509: X509Certificate;
}

export interface KeptCertificateAuthority {
  privateKeyPem: string;
  certificateBase64: string;
}

export class SandboxCertificateAuthority {
  readonly certificate: IssuedCertificate;
  private readonly privateKey: KeyObject;
  private readonly name: Name;
  private readonly keyId: Buffer;

  /** A new CA valid for ten years from `now`, or the one `kept` from an earlier run. */
  constructor(now: Date, kept?: KeptCertificateAuthority) {
    const { privateKey, publicKey } = kept
      ? { privateKey: createPrivateKey(kept.privateKeyPem), publicKey: undefined }
      : generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
    this.privateKey = privateKey;
    this.name = nameOf([
      [DOMAIN_COMPONENT, 'local'],
      [DOMAIN_COMPONENT, 'sandbox'],
      [OID.commonName, 'ZATCA-SANDBOX-EINVOICE-CA'],
    ]);
    const spki = AsnConvert.parse(
      (publicKey ?? createPublicKey(privateKey)).export({ type: 'spki', format: 'der' }),
      SubjectPublicKeyInfo,
    );
    this.keyId = keyIdentifier(spki);
    if (kept) {
      const der = Buffer.from(kept.certificateBase64, 'base64');
      const x509 = new X509Certificate(der);
      this.certificate = {
        der,
        base64: kept.certificateBase64,
        serialNumberHex: x509.serialNumber.toLowerCase(),
        x509,
      };
      return;
    }
    this.certificate = this.sign(
      this.name,
      spki,
      new Date(now.getTime() - DAY_MS),
      new Date(now.getTime() + 3650 * DAY_MS),
      [
        extension('2.5.29.19', new BasicConstraints({ cA: true }), true),
        extension('2.5.29.15', new KeyUsage(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign), true),
        extension('2.5.29.14', new SubjectKeyIdentifier(arrayBufferOf(this.keyId))),
      ],
    );
  }

  /** What a later run needs to be this CA again (kept under the sandbox's data folder). */
  keep(): KeptCertificateAuthority {
    return {
      privateKeyPem: this.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      certificateBase64: this.certificate.base64,
    };
  }

  get pem(): string {
    return pemOf('CERTIFICATE', this.certificate.der);
  }

  /** A CSID certificate for a verified CSR, valid from `now` for `validDays`. */
  issue(csr: EgsCsrContent, now: Date, validDays: number): IssuedCertificate {
    const extensions = [
      extension('2.5.29.14', new SubjectKeyIdentifier(arrayBufferOf(keyIdentifier(csr.publicKeyInfo)))),
      extension(
        '2.5.29.35',
        new AuthorityKeyIdentifier({ keyIdentifier: new KeyIdentifier(arrayBufferOf(this.keyId)) }),
      ),
      extension('2.5.29.15', new KeyUsage(KeyUsageFlags.digitalSignature), true),
      extension('2.5.29.37', new ExtendedKeyUsage([ID_KP_CODE_SIGNING, ID_KP_CLIENT_AUTH])),
    ];
    if (csr.egsDirectoryName) {
      extensions.unshift(
        extension(
          OID.subjectAltName,
          new SubjectAlternativeName([new GeneralName({ directoryName: csr.egsDirectoryName })]),
        ),
      );
    }
    return this.sign(
      csr.subjectName,
      csr.publicKeyInfo,
      now,
      new Date(now.getTime() + validDays * DAY_MS),
      extensions,
    );
  }

  /** True when `certificate` carries this CA's signature. */
  issued(certificate: X509Certificate): boolean {
    try {
      return (
        certificate.checkIssued(this.certificate.x509) && certificate.verify(createPublicKey(this.privateKey))
      );
    } catch {
      return false;
    }
  }

  private sign(
    subject: Name,
    spki: SubjectPublicKeyInfo,
    notBefore: Date,
    notAfter: Date,
    extensions: Extension[],
  ): IssuedCertificate {
    const serial = randomBytes(16);
    serial[0] = (serial[0] & 0x7f) | 0x10; // positive, no leading zero byte
    const algorithm = new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 });
    const tbs = new TBSCertificate({
      version: 2,
      serialNumber: arrayBufferOf(serial),
      signature: algorithm,
      issuer: this.name,
      validity: new Validity({ notBefore, notAfter }),
      subject,
      subjectPublicKeyInfo: spki,
      extensions: new Extensions(extensions),
    });
    const signature = sign('sha256', derOf(tbs), this.privateKey);
    const der = derOf(
      new Certificate({
        tbsCertificate: tbs,
        signatureAlgorithm: algorithm,
        signatureValue: arrayBufferOf(signature),
      }),
    );
    return {
      der,
      base64: der.toString('base64'),
      serialNumberHex: serial.toString('hex'),
      x509: new X509Certificate(der),
    };
  }
}

function extension(extnID: string, value: unknown, critical = false): Extension {
  return new Extension({ extnID, critical, extnValue: new OctetString(derOf(value)) });
}

function keyIdentifier(spki: SubjectPublicKeyInfo): Buffer {
  return createHash('sha1').update(Buffer.from(spki.subjectPublicKey)).digest();
}
