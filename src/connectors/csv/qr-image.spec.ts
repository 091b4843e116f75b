import { createHash } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { qrPng } from './qr-image';

/** Decodes the PNG and reads the QR code in it the way a phone's scanner would. */
function scan(png: Buffer): { text: string; width: number } {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height, {
    inversionAttempts: 'dontInvert', // dark modules on white, as printed
  });
  if (!code) throw new Error('no QR code found in the image');
  return { text: code.data, width: image.width };
}

describe('qrPng', () => {
  it('renders a NIC signed QR (a ~1,000-character JWS) that scans back to the same text', () => {
    const header = Buffer.from('{"alg":"RS256","kid":"sandbox","typ":"JWT"}').toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({
        data: JSON.stringify({
          SellerGstin: '29AAGCB1286Q000',
          BuyerGstin: '27AAACW3775F005',
          DocNo: 'INV/2026/000123',
          DocTyp: 'INV',
          DocDt: '21/11/2026',
          TotInvVal: 118000.5,
          ItemCnt: 3,
          MainHsnCode: '84713010',
          Irn: 'a1b2c3d4'.repeat(8),
          IrnDt: '2026-11-21 10:15:00',
        }),
        iss: 'NIC Sandbox',
      }),
    ).toString('base64url');
    const jws = `${header}.${claims}.${'S1gnature_-'.repeat(31)}`;
    expect(jws.length).toBeGreaterThan(700);
    const png = qrPng(jws);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const scanned = scan(png);
    expect(scanned.text).toBe(jws);
    expect(scanned.width).toBeGreaterThan(400);
  });

  it('renders a ZATCA base64 TLV and a one-character payload', () => {
    const tlv = Buffer.from('\u0001\u000bAcme Trading\u0002\u000f310123456700003').toString('base64');
    expect(scan(qrPng(tlv)).text).toBe(tlv);
    expect(scan(qrPng('x')).text).toBe('x');
  });

  it('renders varied payloads of 100 to 1,200 characters that each scan back exactly', () => {
    const lengths = [100, 250, 333, 550, 700, 850, 1000, 1200];
    const payloads = lengths.map((length, i) => samplePayload(length, i % 2 ? 'base64' : 'jws'));
    for (const payload of payloads) expect(scan(qrPng(payload)).text).toBe(payload);
    expect(payloads.map((payload) => payload.length)).toEqual(lengths);
  });

  it('renders each payload on its own, whatever was rendered before at the same symbol size', () => {
    const first = samplePayload(900, 'jws', 'first');
    const second = samplePayload(900, 'jws', 'second');
    const alone = qrPng(first);
    expect(scan(qrPng(second)).text).toBe(second);
    expect(qrPng(first)).toEqual(alone);
  });

  it('keeps a NIC signed QR to a few kilobytes', () => {
    expect(qrPng(samplePayload(950, 'jws')).length).toBeLessThan(4000);
  });

  it('is a 1-bit grayscale image', () => {
    const png = qrPng('hello');
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png[24]).toBe(1); // bit depth
    expect(png[25]).toBe(0); // grayscale
  });
});

/**
 * High-entropy text of an exact length in the alphabets QR payloads use: base64url with the dots of a
 * JWS (NIC's signed QR) or base64 with `+`, `/` and padding (ZATCA's TLV).
 */
function samplePayload(length: number, alphabet: 'jws' | 'base64', seed = String(length)): string {
  const blocks = Array.from({ length: Math.ceil(length / 32) + 1 }, (_, block) =>
    createHash('sha256').update(`${seed}/${block}`).digest(),
  );
  const bytes = Buffer.concat(blocks);
  if (alphabet === 'base64') return `${bytes.toString('base64').slice(0, length - 2)}==`;
  const text = bytes.toString('base64url');
  return `${text.slice(0, 36)}.${text.slice(36, 600)}.${text.slice(600)}`.slice(0, length);
}
