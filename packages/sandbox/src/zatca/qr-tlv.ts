/**
 * The simulator's own reader of the QR payload ZATCA prescribes (KSA-14, the e-invoicing detailed
 * technical guideline): base64 of tag-length-value records, one byte of tag and a BER length (one byte
 * below 128, else 0x81/0x82 followed by one or two length bytes).
 */
export class QrTlvError extends Error {
  override readonly name = 'QrTlvError';
}

export function readQrTlv(base64: string): Map<number, Buffer> {
  const payload = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload[at];
    const first = payload[at + 1];
    if (first === undefined) throw new QrTlvError(`tag ${tag} has no length`);
    let length = first;
    let valueAt = at + 2;
    if (first === 0x81 || first === 0x82) {
      const size = first - 0x80;
      if (valueAt + size > payload.length) throw new QrTlvError(`tag ${tag} has a truncated length`);
      length = payload.readUIntBE(valueAt, size);
      valueAt += size;
    } else if (first > 0x7f) {
      throw new QrTlvError(`tag ${tag} has an unsupported length form 0x${first.toString(16)}`);
    }
    if (valueAt + length > payload.length) throw new QrTlvError(`tag ${tag} is longer than the payload`);
    tags.set(tag, payload.subarray(valueAt, valueAt + length));
    at = valueAt + length;
  }
  return tags;
}
