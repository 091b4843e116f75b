/**
 * Renders a compliance QR payload (NIC signed QR, ZATCA TLV) as a PNG beside the result CSV.
 *
 * The symbol comes from the `qrcode` library; the PNG is written here as a 1-bit grayscale image, because
 * that is what a QR code is: qrcode's own PNG path (pngjs, 8-bit RGBA, per-pixel filters) took ~12 ms
 * for a NIC signed QR (~1,000 characters, version 26), an order of magnitude more than the whole rest of
 * a document's trip through the pipeline; the 1-bit image takes a fraction of a millisecond and is a
 * third of the size. Two choices trade nothing a scanner sees for speed:
 * - one byte-mode segment: the payloads are base64/base64url text that byte mode encodes anyway, so
 *   qrcode's search for an optimal mix of segments only costs time;
 * - a fixed mask pattern: any of the eight is valid and read from the format bits; qrcode otherwise
 *   builds all eight to score them, which for high-entropy text like a JWS or base64 changes next to
 *   nothing in the result.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { create } from 'qrcode';

/** Pixels per module: 4 gives ~530 px for a NIC signed QR, crisp when printed at 300 dpi. The packing below relies on it. */
const SCALE = 4;
/** The quiet zone ISO/IEC 18004 asks for, in modules. */
const QUIET_ZONE = 4;
const MASK_PATTERN = 2;

/**
 * Writes the PNG and returns its path. Synchronously on purpose: a few kilobytes into the page cache take
 * ~50 µs, while fs/promises' open-write-close through the thread pool cost ~0.5 ms of system CPU per file
 * on the 2-core machine, which at hundreds of invoices a second is most of a core.
 */
export function writeQrPng(directory: string, name: string, payload: string): string {
  const file = join(directory, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  const png = qrPng(payload);
  try {
    if (!createdDirectories.has(directory)) mkdirSync(directory, { recursive: true });
    writeFileSync(file, png);
  } catch (error) {
    // The folder was removed since it was created: make it again, once.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(directory, { recursive: true });
    writeFileSync(file, png);
  }
  createdDirectories.add(directory);
  return file;
}

const createdDirectories = new Set<string>();

/** The payload as a QR code (error correction M) in a 1-bit grayscale PNG. */
export function qrPng(payload: string): Buffer {
  const symbol = create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    maskPattern: MASK_PATTERN,
  });
  const modules = symbol.modules.size;
  const dark = symbol.modules.data;
  const side = (modules + 2 * QUIET_ZONE) * SCALE;
  const stride = 1 + Math.ceil(side / 8); // a filter-type byte (0: none), then the packed pixels
  const pixels = Buffer.alloc(stride * side, 0xff); // 1 = white
  for (let row = 0; row < modules; row++) {
    const first = (row + QUIET_ZONE) * SCALE * stride;
    for (let column = 0; column < modules; column++) {
      if (!dark[row * modules + column]) continue;
      // SCALE is 4, so a module is exactly one half of a byte: high nibble for an even column.
      const x = (column + QUIET_ZONE) * SCALE;
      pixels[first + 1 + (x >> 3)] &= x & 4 ? 0xf0 : 0x0f;
    }
    // The other rows of this module row are copies of its first.
    for (let y = 1; y < SCALE; y++) pixels.copy(pixels, first + y * stride, first, first + stride);
  }
  for (let y = 0; y < side; y++) pixels[y * stride] = 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // colour type: grayscale
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
