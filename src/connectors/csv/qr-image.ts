/** Renders a compliance QR payload (NIC signed QR, ZATCA TLV) as a PNG beside the result CSV. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { toFile } from 'qrcode';

/**
 * pngjs options qrcode passes through (its typings list only the deflate ones). Same pixels as the default
 * RGBA output, but one PNG filter ("up") instead of trying all five per row, and grayscale instead of
 * RGBA: about half the CPU and about half the file size.
 */
const PNG_ENCODING = { deflateLevel: 9, filterType: 2, colorType: 0 };

export async function writeQrPng(directory: string, name: string, payload: string): Promise<string> {
  await mkdir(directory, { recursive: true });
  const file = join(directory, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await toFile(file, payload, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 320,
    rendererOpts: PNG_ENCODING,
  });
  return file;
}
