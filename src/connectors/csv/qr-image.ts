/**
 * Renders a compliance QR payload (NIC signed QR, ZATCA TLV) as a PNG beside the result CSV.
 *
 * The symbol comes from the `lean-qr` library; the PNG is written here as a 1-bit grayscale image,
 * because that is what a QR code is, with deflate doing a quarter of the work (see imageFor). Two choices
 * trade nothing a scanner sees for speed:
 * - one byte-mode segment: the payloads are base64/base64url text that byte mode encodes anyway, so a
 *   search for an optimal mix of segments only costs time;
 * - a fixed mask pattern: any of the eight is valid and read from the format bits; choosing one means
 *   building all eight to score them (4.2 ms instead of 0.47 ms for a NIC signed QR), which for
 *   high-entropy text like a JWS or base64 changes next to nothing in the result.
 * The symbol is most of a render: lean-qr builds a NIC signed QR (~1,000 characters, version 30) in
 * ~0.47 ms where the `qrcode` package took ~0.63 ms for the same modules, at hundreds a second on the
 * QR worker.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, crc32, deflateSync, type ZlibOptions } from 'node:zlib';
import { correction, generate, mode, type Bitmap2D } from 'lean-qr';

/** Pixels per module: 4 gives ~530 px for a NIC signed QR, crisp when printed at 300 dpi. The packing below relies on it. */
const SCALE = 4;
/** The quiet zone ISO/IEC 18004 asks for, in modules. Even, so that the symbol starts on a whole byte. */
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
  const symbol = generate(mode.bytes(Buffer.from(payload, 'utf8')), {
    minCorrectionLevel: correction.M,
    maxCorrectionLevel: correction.M,
    mask: MASK_PATTERN,
  });
  const image = imageFor(symbol.size);
  drawModules(image, symbol);
  const compressed = deflateSync(image.rows, DEFLATE);
  const png = Buffer.allocUnsafe(image.head.length + 12 + compressed.length + IEND.length);
  let at = image.head.copy(png, 0);
  at = png.writeUInt32BE(compressed.length, at);
  at += IDAT_TYPE.copy(png, at);
  at += compressed.copy(png, at);
  at = png.writeUInt32BE(crc32(compressed, IDAT_TYPE_CRC), at);
  IEND.copy(png, at);
  return png;
}

/**
 * The image of a symbol size: its filtered scanlines and the PNG up to its pixel data, kept from one
 * render to the next (a render is synchronous, so one buffer per size serves a whole thread). Only the
 * first scanline of each module row carries pixels; every other scanline uses PNG's "up" filter (repeat
 * the line above) and is all zeros, which deflate's run-length strategy codes in a handful of bits. So
 * a render writes one scanline in four and nothing else, and deflate spends its time on a quarter of
 * the image.
 */
interface QrImage {
  modules: number;
  stride: number;
  rows: Buffer;
  head: Buffer;
}

const images = new Map<number, QrImage>();

function imageFor(modules: number): QrImage {
  const cached = images.get(modules);
  if (cached) return cached;
  const side = (modules + 2 * QUIET_ZONE) * SCALE;
  const stride = 1 + Math.ceil(side / 8); // a filter-type byte, then the packed pixels
  const rows = Buffer.alloc(stride * side); // all "up" filter scanlines stay zero
  for (let y = 0; y < side; y++) {
    const pixelRow = y % SCALE === 0;
    const quietRow = y < QUIET_ZONE * SCALE || y >= (QUIET_ZONE + modules) * SCALE;
    const firstOfQuietZone = y === 0 || y === (QUIET_ZONE + modules) * SCALE;
    if (quietRow ? firstOfQuietZone : pixelRow) {
      rows[y * stride] = FILTER_NONE;
      rows.fill(0xff, y * stride + 1, (y + 1) * stride); // 1 = white: the quiet zone, until drawModules writes the symbol
    } else {
      rows[y * stride] = FILTER_UP;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // colour type: grayscale
  const image = { modules, stride, rows, head: Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header)]) };
  images.set(modules, image);
  return image;
}

/** Writes the pixel scanline of each module row: SCALE is 4, so a byte holds two modules. */
function drawModules(image: QrImage, symbol: Bitmap2D): void {
  const { modules, stride, rows } = image;
  const last = modules - 1; // the module count is odd: the last module shares its byte with the quiet zone
  for (let row = 0; row < modules; row++) {
    let at = (row + QUIET_ZONE) * SCALE * stride + 1 + (QUIET_ZONE * SCALE) / 8;
    for (let column = 0; column < last; column += 2) {
      rows[at++] = modulePair(symbol.get(column, row), symbol.get(column + 1, row));
    }
    rows[at] = modulePair(symbol.get(last, row), false);
  }
}

/** A byte of two modules, 1 bits white. */
function modulePair(leftDark: boolean, rightDark: boolean): number {
  return (leftDark ? 0 : 0xf0) | (rightDark ? 0 : 0x0f);
}
const FILTER_NONE = 0;
const FILTER_UP = 2;

/**
 * Run-length deflate: the "up" scanlines are runs of zeros and the pixel scanlines have next to no
 * longer repeats, so searching for matches (the default strategy) only costs time; measured on NIC
 * signed QRs it is also slightly smaller. memLevel and windowBits stay at zlib's defaults: smaller
 * ones shrink the per-call allocation but make deflate slide its window or flush blocks more often,
 * which costs more than they save.
 */
const DEFLATE: ZlibOptions = { level: 1, strategy: constants.Z_RLE };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IDAT_TYPE = Buffer.from('IDAT', 'latin1');
const IDAT_TYPE_CRC = crc32(IDAT_TYPE);
const IEND = chunk('IEND', Buffer.alloc(0));

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
