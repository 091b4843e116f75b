import { decodeQrTlv, describeQr, encodeQrTlv, QrFormatError, type ZatcaQrFields } from './qr';

const fields: ZatcaQrFields = {
  sellerName: 'Najd Electronics',
  vatNumber: '310987654300003',
  timestamp: '2024-09-03T10:15:00',
  totalWithVat: '8573.25',
  vatTotal: '1118.25',
  invoiceHash: 'zrcu3xsqvmsg+KtV6kiBtDwtSzduHEe0bcCXqq488SI=',
  signature: 'MEUCIQD',
  publicKey: Buffer.from('3056301006072a8648ce3d020106052b8104000a', 'hex'),
};

describe('ZATCA QR TLV', () => {
  it('writes tags 1-8 in order with one-byte lengths and reads them back', () => {
    const qr = encodeQrTlv(fields);
    const bytes = Buffer.from(qr, 'base64');
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([1, 16]));
    expect(bytes.subarray(2, 18).toString('utf8')).toBe('Najd Electronics');
    const decoded = describeQr(qr);
    expect(Object.keys(decoded).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(decoded[4]).toBe('8573.25');
    expect(decoded[8]).toBe('3056301006072a8648ce3d020106052b8104000a');
  });

  it('adds tag 9 only when the certificate signature is given', () => {
    const qr = encodeQrTlv({ ...fields, certificateSignature: Buffer.from([0x30, 0x02, 0x01, 0x00]) });
    expect(decodeQrTlv(qr).get(9)).toEqual(Buffer.from([0x30, 0x02, 0x01, 0x00]));
    expect(decodeQrTlv(encodeQrTlv(fields)).has(9)).toBe(false);
  });

  it('uses BER long-form lengths for long Arabic names (0x81 above 127 bytes, 0x82 above 255)', () => {
    const name150 = 'ش'.repeat(75); // 150 UTF-8 bytes
    const bytes150 = Buffer.from(encodeQrTlv({ ...fields, sellerName: name150 }), 'base64');
    expect([...bytes150.subarray(0, 3)]).toEqual([1, 0x81, 150]);
    const name300 = 'ش'.repeat(150); // 300 UTF-8 bytes
    const bytes300 = Buffer.from(encodeQrTlv({ ...fields, sellerName: name300 }), 'base64');
    expect([...bytes300.subarray(0, 4)]).toEqual([1, 0x82, 0x01, 0x2c]);
    expect(describeQr(bytes300.toString('base64'))[1]).toBe(name300);
  });

  it('is byte for byte tag, BER length, value for every record', () => {
    const certificateSignature = Buffer.alloc(300, 0xab);
    const sellerName = 'ش'.repeat(70); // 140 UTF-8 bytes
    const qr = encodeQrTlv({ ...fields, sellerName, certificateSignature });
    const record = (tag: number, value: Buffer) => {
      const length =
        value.length < 0x80
          ? [value.length]
          : value.length <= 0xff
            ? [0x81, value.length]
            : [0x82, value.length >> 8, value.length & 0xff];
      return Buffer.concat([Buffer.from([tag, ...length]), value]);
    };
    const texts = [sellerName, fields.vatNumber, fields.timestamp, fields.totalWithVat, fields.vatTotal];
    const expected = Buffer.concat([
      ...[...texts, fields.invoiceHash, fields.signature].map((text, index) =>
        record(index + 1, Buffer.from(text, 'utf8')),
      ),
      record(8, fields.publicKey),
      record(9, certificateSignature),
    ]);
    expect(Buffer.from(qr, 'base64')).toEqual(expected);
  });

  it('rejects a payload whose record overruns it', () => {
    const truncated = Buffer.from(encodeQrTlv(fields), 'base64').subarray(0, 10).toString('base64');
    expect(() => decodeQrTlv(truncated)).toThrow(QrFormatError);
  });
});
