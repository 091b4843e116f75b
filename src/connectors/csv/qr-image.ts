/** Renders a compliance QR payload (NIC signed QR, ZATCA TLV) as a PNG beside the result CSV. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { toFile } from 'qrcode';

export async function writeQrPng(directory: string, name: string, payload: string): Promise<string> {
  await mkdir(directory, { recursive: true });
  const file = join(directory, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await toFile(file, payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return file;
}
