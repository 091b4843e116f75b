import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { createInstance, pullAll, SAMPLE_INBOX_FILE } from './csv-test-kit';

describe('CSV write-back: printable QR image', () => {
  it('renders the signed QR as a PNG and puts its path in the result CSV', async () => {
    const instance = await createInstance();
    try {
      await copyFile(SAMPLE_INBOX_FILE, join(instance.connector.directories.inbox, 'sales.csv'));
      const [batch] = await pullAll(instance.connector);
      const document = batch.documents[0];
      const signedQr = 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoie1wiSXJuXCI6XCJhYmNcIn0ifQ.c2lnbmF0dXJl';
      await instance.connector.writeBack(
        { id: '1', erpId: document.erpId, documentNumber: document.documentNumber, raw: document.raw },
        {
          regime: 'in-einvoice',
          state: 'REGISTERED',
          identifiers: { irn: 'a'.repeat(64), ackNo: '112610000000001', signedQrCode: signedQr },
        },
      );
      const result = parse<Record<string, string>>(
        await readFile(instance.connector.resultFilePath('sales.csv')),
        {
          columns: true,
        },
      );
      const row = result.find((r) => r.SignedQRCode === signedQr);
      expect(row).toBeDefined();
      expect(row!.QrPngPath).toMatch(/\/qr\/.+-in-einvoice\.png$/);
      const png = await readFile(row!.QrPngPath);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const image = PNG.sync.read(png);
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(signedQr);
    } finally {
      await instance.cleanup();
    }
  });
});
