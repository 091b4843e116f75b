/**
 * ZATCA Phase 2 QR payload (KSA-14): TLV records, base64.
 *
 * Each record is one tag byte, a BER length (one byte below 128, else 0x81 / 0x82 followed by the length in
 * one or two bytes) and the value. Tags 1-7 are UTF-8 text, 8 and 9 raw DER. Tag 4 carries
 * cbc:PayableAmount and tag 5 the first cac:TaxTotal/cbc:TaxAmount, as ZATCA's SDK fills them.
 */
export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  /** IssueDate + "T" + IssueTime, e.g. 2024-05-01T10:15:00. */
  timestamp: string;
  /** cbc:PayableAmount text, as in the XML. */
  totalWithVat: string;
  /** First cac:TaxTotal/cbc:TaxAmount text, as in the XML. */
  vatTotal: string;
  /** Invoice hash, base64 text. */
  invoiceHash: string;
  /** ds:SignatureValue, base64 text. */
  signature: string;
  /** SubjectPublicKeyInfo DER of the signing certificate. */
  publicKey: Buffer;
  /** The CA's signature on the certificate; only on simplified invoices and their notes. */
  certificateSignature?: Buffer;
}

export const ZATCA_QR_MAX_BASE64_LENGTH = 1000; // BR-CL-KSA-14

export function encodeQrTlv(fields: ZatcaQrFields): string {
  const values: (string | Buffer)[] = [
    fields.sellerName,
    fields.vatNumber,
    fields.timestamp,
    fields.totalWithVat,
    fields.vatTotal,
    fields.invoiceHash,
    fields.signature,
    fields.publicKey,
  ];
  if (fields.certificateSignature) values.push(fields.certificateSignature);
  const lengths = values.map((value) =>
    typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : value.length,
  );
  const size = lengths.reduce((total, length) => total + 1 + berLengthSize(length) + length, 0);
  const payload = Buffer.allocUnsafe(size);
  let offset = 0;
  values.forEach((value, index) => {
    payload[offset++] = index + 1;
    offset = writeBerLength(payload, offset, lengths[index]);
    offset += typeof value === 'string' ? payload.write(value, offset, 'utf8') : value.copy(payload, offset);
  });
  return payload.toString('base64');
}

export class QrFormatError extends Error {
  override readonly name = 'QrFormatError';
}

/** Tag -> raw value bytes, in the order found. */
export function decodeQrTlv(base64: string): Map<number, Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const records = new Map<number, Buffer>();
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 2 > bytes.length) throw new QrFormatError(`truncated record at byte ${offset}`);
    const tag = bytes[offset++];
    let length = bytes[offset++];
    if (length & 0x80) {
      const lengthBytes = length & 0x7f;
      if (lengthBytes === 0 || lengthBytes > 2 || offset + lengthBytes > bytes.length) {
        throw new QrFormatError(`bad length of tag ${tag}`);
      }
      length = 0;
      for (let i = 0; i < lengthBytes; i++) length = (length << 8) | bytes[offset++];
    }
    if (offset + length > bytes.length) throw new QrFormatError(`tag ${tag} overruns the payload`);
    records.set(tag, bytes.subarray(offset, offset + length));
    offset += length;
  }
  return records;
}

/** The decoded QR as text where the value is text (tags 1-7) and hex where it is DER (8, 9). */
export function describeQr(base64: string): Record<number, string> {
  const described: Record<number, string> = {};
  for (const [tag, value] of decodeQrTlv(base64)) {
    described[tag] = tag <= 7 ? value.toString('utf8') : value.toString('hex');
  }
  return described;
}

function berLengthSize(length: number): number {
  if (length < 0x80) return 1;
  if (length <= 0xff) return 2;
  if (length <= 0xffff) return 3;
  throw new QrFormatError(`QR value of ${length} bytes is too long`);
}

/** Writes the BER length at offset; returns the offset after it. */
function writeBerLength(target: Buffer, offset: number, length: number): number {
  const size = berLengthSize(length);
  if (size === 1) target[offset++] = length;
  else if (size === 2) {
    target[offset++] = 0x81;
    target[offset++] = length;
  } else {
    target[offset++] = 0x82;
    target[offset++] = length >> 8;
    target[offset++] = length & 0xff;
  }
  return offset;
}
