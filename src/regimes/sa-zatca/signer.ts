/**
 * ZATCA Phase 2 cryptographic stamp: XAdES-BES enveloped signature, ECDSA secp256k1, plus the QR.
 *
 * What ZATCA verifies (and what this file produces), digest by digest:
 * - ds:Reference "invoiceSignedData": the invoice hash (see invoice-hash.ts).
 * - ds:SignatureValue: ECDSA-SHA256 over the 32 raw invoice-hash bytes (not over SignedInfo), DER, base64.
 * - xades:CertDigest: base64(hex(sha256(base64 certificate text))).
 * - ds:Reference "#xadesSignedProperties": base64(hex(sha256(text of xades:SignedProperties as it appears in
 *   the document, with xmlns:xades declared on it and xmlns:ds on every ds:* element))), which is what the
 *   SDK's dom4j `asXML()` serialises.
 * - QR (AdditionalDocumentReference "QR"): TLV, see qr.ts.
 *
 * The signature blocks are spliced into the text of the unsigned invoice without touching a character
 * outside them, so the hash of the unsigned text is the hash of the signed document.
 */
import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { parseSigningCertificate, base64OfHexSha256, type SigningCertificate } from './certificate';
import { computeInvoiceHash } from './invoice-hash';
import { encodeQrTlv, ZATCA_QR_MAX_BASE64_LENGTH } from './qr';

export interface SigningCredentials {
  /** EC secp256k1 private key: PEM (SEC1 or PKCS#8) or the SDK's bare base64 SEC1 DER. */
  privateKeyPem: string;
  /** The CSID certificate: PEM, base64 DER, or ZATCA's binarySecurityToken (base64 of base64). */
  certificateBase64: string;
  /** xades:SigningTime; defaults to now. Written as UTC `YYYY-MM-DDTHH:mm:ss`. */
  signingTime?: Date;
}

export interface SignedInvoice {
  signedXml: string;
  /** base64 invoice hash: the PIH of the next invoice in the chain. */
  invoiceHash: string;
  /** base64 DER ECDSA signature (ds:SignatureValue, QR tag 7). */
  signatureValue: string;
  /** base64 TLV QR payload (KSA-14). */
  qr: string;
}

export class InvoiceSigningError extends Error {
  override readonly name = 'InvoiceSigningError';
}

export const UBL_NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

export function signInvoice(unsignedXml: string, credentials: SigningCredentials): SignedInvoice {
  return createInvoiceSigner(credentials).sign(unsignedXml, credentials.signingTime);
}

export interface InvoiceSigner {
  readonly certificate: SigningCertificate;
  sign(unsignedXml: string, signingTime?: Date): SignedInvoice;
}

/**
 * Parses key and certificate once and prepares everything of the stamp that does not depend on the invoice;
 * use it when signing many invoices with one CSID.
 */
export function createInvoiceSigner(credentials: Omit<SigningCredentials, 'signingTime'>): InvoiceSigner {
  const cacheKey = `${credentials.certificateBase64}\n${credentials.privateKeyPem}`;
  const cached = signerCache.get(cacheKey);
  if (cached) {
    // Least recently used goes first: a hit moves the signer to the end.
    signerCache.delete(cacheKey);
    signerCache.set(cacheKey, cached);
    return cached;
  }
  const key = parsePrivateKey(credentials.privateKeyPem);
  const certificate = parseSigningCertificate(credentials.certificateBase64);
  assertKeyMatchesCertificate(key, certificate);
  const stamp = new XadesStamp(certificate);
  const signer: InvoiceSigner = {
    certificate,
    sign: (unsignedXml, signingTime) =>
      signWith(key, certificate, stamp, unsignedXml, signingTime ?? new Date()),
  };
  if (signerCache.size >= SIGNER_CACHE_LIMIT) signerCache.delete(signerCache.keys().next().value as string);
  signerCache.set(cacheKey, signer);
  return signer;
}

function signWith(
  key: KeyObject,
  certificate: SigningCertificate,
  stamp: XadesStamp,
  unsignedXml: string,
  signingTime: Date,
): SignedInvoice {
  const document = InvoiceText.parse(unsignedXml).withoutSignatureArtifacts();
  const { hashBase64, hashBytes } = computeInvoiceHash(document.xml);
  const signatureValue = sign('sha256', hashBytes, key).toString('base64');

  const facts = document.qrFacts();
  const qr = encodeQrTlv({
    ...facts,
    invoiceHash: hashBase64,
    signature: signatureValue,
    publicKey: certificate.publicKeyDer,
    certificateSignature: facts.simplified ? certificate.signatureDer : undefined,
  });
  if (qr.length > ZATCA_QR_MAX_BASE64_LENGTH) {
    throw new InvoiceSigningError(
      `QR is ${qr.length} base64 characters, ZATCA allows ${ZATCA_QR_MAX_BASE64_LENGTH} (BR-CL-KSA-14): shorten the seller name`,
    );
  }

  const extensions = stamp.ublExtensions(document.prefixes.ext, document.extNeedsDeclaration, {
    invoiceHash: hashBase64,
    signatureValue,
    signingTime,
  });
  const signedXml = document.withSignature(extensions, qrReferenceXml(document.prefixes, qr));
  return { signedXml, invoiceHash: hashBase64, signatureValue, qr };
}

// ---------------------------------------------------------------------------------------------------------
// The XAdES block, laid out as in ZATCA's samples. Only the signing time, the two digests and the signature
// value change from invoice to invoice: the rest is text prepared once per certificate.

function formatSigningTime(time: Date): string {
  return time.toISOString().slice(0, 19);
}

const SIGNING_TIME_SLOT = '\uE000signing-time\uE000';

function signedPropertiesXml(certificate: SigningCertificate, signingTime: string): string {
  const indent = (depth: number) => `\n${' '.repeat(depth * 4)}`;
  return (
    `<xades:SignedProperties Id="xadesSignedProperties">` +
    `${indent(9)}<xades:SignedSignatureProperties>` +
    `${indent(10)}<xades:SigningTime>${signingTime}</xades:SigningTime>` +
    `${indent(10)}<xades:SigningCertificate>` +
    `${indent(11)}<xades:Cert>` +
    `${indent(12)}<xades:CertDigest>` +
    `${indent(13)}<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>` +
    `${indent(13)}<ds:DigestValue>${certificate.certDigest}</ds:DigestValue>` +
    `${indent(12)}</xades:CertDigest>` +
    `${indent(12)}<xades:IssuerSerial>` +
    `${indent(13)}<ds:X509IssuerName>${escapeText(certificate.issuerName)}</ds:X509IssuerName>` +
    `${indent(13)}<ds:X509SerialNumber>${certificate.serialNumber}</ds:X509SerialNumber>` +
    `${indent(12)}</xades:IssuerSerial>` +
    `${indent(11)}</xades:Cert>` +
    `${indent(10)}</xades:SigningCertificate>` +
    `${indent(9)}</xades:SignedSignatureProperties>` +
    `${indent(8)}</xades:SignedProperties>`
  );
}

/** dom4j's asXML() of the SignedProperties element: namespace declarations repeated where ZATCA hashes them. */
export function asSerialisedBySdk(signedProperties: string): string {
  return signedProperties
    .replace('<xades:SignedProperties ', `<xades:SignedProperties xmlns:xades="${UBL_NAMESPACES.xades}" `)
    .replace(/<ds:(\w+)/g, `<ds:$1 xmlns:ds="${UBL_NAMESPACES.ds}"`);
}

interface InvoiceSignatureParts {
  invoiceHash: string;
  signatureValue: string;
  signingTime: Date;
}

/** The ext:UBLExtensions block of one certificate, split around what changes per invoice. */
class XadesStamp {
  /** SignedProperties as written and as ZATCA hashes it, each split at the signing time. */
  private readonly written: [string, string];
  private readonly hashed: [string, string];
  private lastSecond = Number.NaN;
  private lastSigningTimeText = '';
  private lastSigningTime = '';
  private lastPropertiesDigest = '';
  private readonly extensionsByPrefix = new Map<string, string[]>();

  constructor(private readonly certificate: SigningCertificate) {
    const template = signedPropertiesXml(certificate, SIGNING_TIME_SLOT);
    this.written = splitOnce(template, SIGNING_TIME_SLOT);
    this.hashed = splitOnce(asSerialisedBySdk(template), SIGNING_TIME_SLOT);
  }

  ublExtensions(ext: string, declareExt: boolean, parts: InvoiceSignatureParts): string {
    const time = this.signingTimeText(parts.signingTime);
    const [beforeHash, beforeDigest, beforeSignature, beforeTime, end] = this.extensionsPieces(
      ext,
      declareExt,
    );
    return (
      beforeHash +
      parts.invoiceHash +
      beforeDigest +
      this.signedPropertiesDigest(time) +
      beforeSignature +
      parts.signatureValue +
      beforeTime +
      time +
      end
    );
  }

  /** Invoices signed within one second share the signing time text and the SignedProperties digest. */
  private signingTimeText(time: Date): string {
    const second = Math.floor(time.getTime() / 1000);
    if (second !== this.lastSecond) {
      this.lastSecond = second;
      this.lastSigningTimeText = formatSigningTime(time);
    }
    return this.lastSigningTimeText;
  }

  /** base64(hex(sha256)) of the SDK serialisation of SignedProperties. */
  private signedPropertiesDigest(time: string): string {
    if (time !== this.lastSigningTime) {
      this.lastPropertiesDigest = base64OfHexSha256(this.hashed[0] + time + this.hashed[1]);
      this.lastSigningTime = time;
    }
    return this.lastPropertiesDigest;
  }

  private extensionsPieces(ext: string, declareExt: boolean): string[] {
    const key = `${ext} ${declareExt}`;
    let pieces = this.extensionsByPrefix.get(key);
    if (!pieces) {
      const slot = (name: string) => `\uE000${name}\uE000`;
      const template = ublExtensionsXml(ext, declareExt, {
        invoiceHash: slot('hash'),
        signedPropertiesDigest: slot('digest'),
        signatureValue: slot('signature'),
        certificateBase64: this.certificate.base64,
        signedProperties: `${this.written[0]}${slot('time')}${this.written[1]}`,
      });
      pieces = template.split(/\uE000(?:hash|digest|signature|time)\uE000/);
      if (pieces.length !== 5) throw new Error('the XAdES template lost a slot');
      this.extensionsByPrefix.set(key, pieces);
    }
    return pieces;
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return [text.slice(0, at), text.slice(at + separator.length)];
}

interface SignatureParts {
  invoiceHash: string;
  signedPropertiesDigest: string;
  signatureValue: string;
  certificateBase64: string;
  signedProperties: string;
}

function ublExtensionsXml(ext: string, declareExt: boolean, parts: SignatureParts): string {
  const declaration = declareExt ? ` xmlns:${ext}="${UBL_NAMESPACES.ext}"` : '';
  const transform = (xpath: string) =>
    `<ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116"><ds:XPath>${xpath}</ds:XPath></ds:Transform>`;
  return (
    `<${ext}:UBLExtensions${declaration}><${ext}:UBLExtension>` +
    `<${ext}:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</${ext}:ExtensionURI>` +
    `<${ext}:ExtensionContent>` +
    `<sig:UBLDocumentSignatures xmlns:sig="${UBL_NAMESPACES.sig}" xmlns:sac="${UBL_NAMESPACES.sac}" xmlns:sbc="${UBL_NAMESPACES.sbc}">` +
    `<sac:SignatureInformation>` +
    `<cbc:ID xmlns:cbc="${UBL_NAMESPACES.cbc}">urn:oasis:names:specification:ubl:signature:1</cbc:ID>` +
    `<sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>` +
    `<ds:Signature xmlns:ds="${UBL_NAMESPACES.ds}" Id="signature">` +
    `<ds:SignedInfo>` +
    `<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>` +
    `<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>` +
    `<ds:Reference Id="invoiceSignedData" URI="">` +
    `<ds:Transforms>` +
    transform('not(//ancestor-or-self::ext:UBLExtensions)') +
    transform('not(//ancestor-or-self::cac:Signature)') +
    transform("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])") +
    `<ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>` +
    `</ds:Transforms>` +
    `<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>` +
    `<ds:DigestValue>${parts.invoiceHash}</ds:DigestValue>` +
    `</ds:Reference>` +
    `<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">` +
    `<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>` +
    `<ds:DigestValue>${parts.signedPropertiesDigest}</ds:DigestValue>` +
    `</ds:Reference>` +
    `</ds:SignedInfo>` +
    `<ds:SignatureValue>${parts.signatureValue}</ds:SignatureValue>` +
    `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${parts.certificateBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
    `<ds:Object>` +
    `<xades:QualifyingProperties xmlns:xades="${UBL_NAMESPACES.xades}" Target="signature">` +
    parts.signedProperties +
    `</xades:QualifyingProperties>` +
    `</ds:Object>` +
    `</ds:Signature>` +
    `</sac:SignatureInformation>` +
    `</sig:UBLDocumentSignatures>` +
    `</${ext}:ExtensionContent>` +
    `</${ext}:UBLExtension></${ext}:UBLExtensions>`
  );
}

function qrReferenceXml(prefixes: Prefixes, qr: string): string {
  const { cac, cbc } = prefixes;
  return (
    `<${cac}:AdditionalDocumentReference><${cbc}:ID>QR</${cbc}:ID><${cac}:Attachment>` +
    `<${cbc}:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</${cbc}:EmbeddedDocumentBinaryObject>` +
    `</${cac}:Attachment></${cac}:AdditionalDocumentReference>`
  );
}

function signatureReferenceXml(prefixes: Prefixes): string {
  const { cac, cbc } = prefixes;
  return (
    `<${cac}:Signature><${cbc}:ID>urn:oasis:names:specification:ubl:signature:Invoice</${cbc}:ID>` +
    `<${cbc}:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</${cbc}:SignatureMethod>` +
    `</${cac}:Signature>`
  );
}

// ---------------------------------------------------------------------------------------------------------
// The invoice as text: prefixes, signature slots, and the facts the QR repeats.

interface Prefixes {
  cac: string;
  cbc: string;
  ext: string;
}

interface QrFacts {
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  totalWithVat: string;
  vatTotal: string;
  simplified: boolean;
}

/** The patterns that find things in an invoice, spelled with its prefixes; compiled once per prefix set. */
interface InvoiceMarkup {
  extensionsOpen: string;
  extensions: RegExp;
  signatureOpen: string;
  signature: RegExp;
  reference: RegExp;
  qrId: RegExp;
  referenceClose: string;
  supplierOpen: string;
  section: (text: string, localName: string) => string | undefined;
  basicValue: (text: string, localName: string) => string | undefined;
  typeName: RegExp;
}

const markupByPrefixes = new Map<string, InvoiceMarkup>();

function invoiceMarkup({ cac, cbc, ext }: Prefixes): InvoiceMarkup {
  const key = `${cac} ${cbc} ${ext}`;
  let markup = markupByPrefixes.get(key);
  if (markup) return markup;
  const sectionTags = new Map<string, [string, string]>();
  const basicValues = new Map<string, RegExp>();
  const compiled = <T>(cache: Map<string, T>, name: string, compile: () => T): T => {
    let value = cache.get(name);
    if (value === undefined) cache.set(name, (value = compile()));
    return value;
  };
  markup = {
    extensionsOpen: `<${ext}:UBLExtensions`,
    extensions: new RegExp(`<${ext}:UBLExtensions\\b[\\s\\S]*?</${ext}:UBLExtensions>`, 'g'),
    signatureOpen: `<${cac}:Signature`,
    signature: new RegExp(`<${cac}:Signature\\b[\\s\\S]*?</${cac}:Signature>`, 'g'),
    reference: new RegExp(
      `<${cac}:AdditionalDocumentReference>[\\s\\S]*?</${cac}:AdditionalDocumentReference>`,
      'g',
    ),
    qrId: new RegExp(`<${cbc}:ID>\\s*QR\\s*</${cbc}:ID>`),
    referenceClose: `</${cac}:AdditionalDocumentReference>`,
    supplierOpen: `<${cac}:AccountingSupplierParty`,
    section: (text, localName) => {
      const [open, close] = compiled(sectionTags, localName, () => [
        `<${cac}:${localName}`,
        `</${cac}:${localName}>`,
      ]);
      let start = text.indexOf(open);
      while (start >= 0 && !endsName(text.charCodeAt(start + open.length)))
        start = text.indexOf(open, start + 1);
      if (start < 0) return undefined;
      const end = text.indexOf(close, start);
      return end < 0 ? undefined : text.slice(start, end);
    },
    basicValue: (text, localName) => {
      const pattern = compiled(
        basicValues,
        localName,
        () => new RegExp(`<${cbc}:${localName}(?:\\s[^>]*)?>([^<]*)</${cbc}:${localName}>`),
      );
      const match = pattern.exec(text);
      return match ? unescapeText(match[1]).trim() : undefined;
    },
    typeName: new RegExp(`<${cbc}:InvoiceTypeCode\\b[^>]*\\bname="(\\d+)"`),
  };
  markupByPrefixes.set(key, markup);
  return markup;
}

interface RootFacts {
  prefixes: Prefixes;
  extNeedsDeclaration: boolean;
  markup: InvoiceMarkup;
}

/** By the text of the root's attributes: invoices of one writer declare the same namespaces. */
const rootFactsByAttributes = new Map<string, RootFacts>();

function rootFacts(rootAttributes: string): RootFacts {
  let facts = rootFactsByAttributes.get(rootAttributes);
  if (facts) return facts;
  const declared = new Map<string, string>();
  for (const match of rootAttributes.matchAll(/xmlns:([\w.-]+)\s*=\s*"([^"]*)"/g))
    declared.set(match[2], match[1]);
  const cac = declared.get(UBL_NAMESPACES.cac);
  const cbc = declared.get(UBL_NAMESPACES.cbc);
  if (!cac || !cbc) throw new InvoiceSigningError('the Invoice root must declare the cac and cbc namespaces');
  const ext = declared.get(UBL_NAMESPACES.ext);
  const prefixes = { cac, cbc, ext: ext ?? 'ext' };
  facts = { prefixes, extNeedsDeclaration: ext === undefined, markup: invoiceMarkup(prefixes) };
  if (rootFactsByAttributes.size >= 64) rootFactsByAttributes.clear();
  rootFactsByAttributes.set(rootAttributes, facts);
  return facts;
}

const INVOICE_ROOT = /<(?:([A-Za-z_][\w.-]*):)?Invoice\b([^>]*)>/;

/** After an element name in a start tag: XML whitespace or '>'. */
function endsName(code: number): boolean {
  return code === 62 || code === 32 || code === 9 || code === 10 || code === 13;
}

class InvoiceText {
  readonly prefixes: Prefixes;
  readonly extNeedsDeclaration: boolean;
  private readonly markup: InvoiceMarkup;

  private constructor(
    readonly xml: string,
    facts: RootFacts,
    private readonly rootStartEnd: number,
  ) {
    this.prefixes = facts.prefixes;
    this.extNeedsDeclaration = facts.extNeedsDeclaration;
    this.markup = facts.markup;
  }

  static parse(xml: string): InvoiceText {
    const root = INVOICE_ROOT.exec(xml);
    if (!root) throw new InvoiceSigningError('no Invoice root element');
    return new InvoiceText(xml, rootFacts(root[2]), root.index + root[0].length);
  }

  /** Drops a previous stamp (UBLExtensions, QR reference, cac:Signature) so the invoice can be re-signed. */
  withoutSignatureArtifacts(): InvoiceText {
    const { xml, markup } = this;
    const stamped =
      xml.includes(markup.extensionsOpen) || xml.includes(markup.signatureOpen) || markup.qrId.test(xml);
    if (!stamped) return this;
    const stripped = xml
      .replace(markup.extensions, '')
      .replace(markup.signature, '')
      .replace(markup.reference, (reference) => (markup.qrId.test(reference) ? '' : reference));
    return stripped === xml ? this : InvoiceText.parse(stripped);
  }

  withSignature(extensions: string, qrReference: string): string {
    const { xml, markup } = this;
    const lastReferenceEnd = xml.lastIndexOf(markup.referenceClose);
    const supplier = xml.indexOf(markup.supplierOpen);
    if (supplier < 0)
      throw new InvoiceSigningError('no cac:AccountingSupplierParty to place cac:Signature before');
    const qrAt = lastReferenceEnd >= 0 ? lastReferenceEnd + markup.referenceClose.length : supplier;
    return (
      xml.slice(0, this.rootStartEnd) +
      extensions +
      xml.slice(this.rootStartEnd, qrAt) +
      qrReference +
      xml.slice(qrAt, supplier) +
      signatureReferenceXml(this.prefixes) +
      xml.slice(supplier)
    );
  }

  qrFacts(): QrFacts {
    const { xml, markup } = this;
    const supplier = markup.section(xml, 'AccountingSupplierParty');
    const taxScheme = supplier ? markup.section(supplier, 'PartyTaxScheme') : undefined;
    const totals = markup.section(xml, 'LegalMonetaryTotal');
    const firstTaxTotal = markup.section(xml, 'TaxTotal');
    const facts = {
      sellerName: supplier && markup.basicValue(supplier, 'RegistrationName'),
      vatNumber: taxScheme && markup.basicValue(taxScheme, 'CompanyID'),
      issueDate: markup.basicValue(xml, 'IssueDate'),
      issueTime: markup.basicValue(xml, 'IssueTime'),
      totalWithVat: totals && markup.basicValue(totals, 'PayableAmount'),
      vatTotal: firstTaxTotal && markup.basicValue(firstTaxTotal, 'TaxAmount'),
    };
    const missing = Object.entries(facts).filter(([, value]) => value === undefined);
    if (missing.length > 0) {
      throw new InvoiceSigningError(
        `invoice lacks what the QR needs: ${missing.map(([name]) => name).join(', ')}`,
      );
    }
    const typeName = markup.typeName.exec(xml);
    return {
      sellerName: facts.sellerName!,
      vatNumber: facts.vatNumber!,
      timestamp: `${facts.issueDate!}T${facts.issueTime!}`,
      totalWithVat: facts.totalWithVat!,
      vatTotal: facts.vatTotal!,
      simplified: typeName?.[1].startsWith('02') ?? false,
    };
  }
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function unescapeText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity] ?? '';
  });
}

// ---------------------------------------------------------------------------------------------------------
// Keys and certificates.

/**
 * Signers by certificate and key, least recently used first. Parsing the key and certificate and checking
 * they belong together costs more than signing an invoice, so a unit's signer is made once; the limit is
 * well above the EGS units one service signs for (a retailer's tills and branches), since a cache smaller
 * than the units in rotation would parse again for every invoice.
 */
const signerCache = new Map<string, InvoiceSigner>();
const SIGNER_CACHE_LIMIT = 4096;

function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  try {
    if (trimmed.includes('-----BEGIN')) return createPrivateKey(trimmed);
    const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'sec1' });
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    }
  } catch (cause) {
    throw new InvoiceSigningError(`unreadable private key: ${(cause as Error).message}`);
  }
}

function assertKeyMatchesCertificate(key: KeyObject, certificate: SigningCertificate): void {
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'secp256k1') {
    throw new InvoiceSigningError('ZATCA requires an EC secp256k1 private key');
  }
  const publicDer = createPublicKey(key).export({ type: 'spki', format: 'der' });
  if (!publicDer.equals(certificate.publicKeyDer)) {
    throw new InvoiceSigningError('the private key does not belong to the certificate');
  }
}
