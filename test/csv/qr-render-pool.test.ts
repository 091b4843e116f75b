import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { QrRenderPool } from '../../src/connectors/csv/qr-render-pool';

function scan(file: string): string | undefined {
  const image = PNG.sync.read(readFileSync(file));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('QrRenderPool', () => {
  it('renders PNGs on worker threads, many at once, each scanning back to its payload; restarts after close', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'qr-pool-')), 'qr');
    const pool = new QrRenderPool(2);
    try {
      const payloads = Array.from({ length: 20 }, (_, i) => `payload-${i}-${'x'.repeat(300 + i)}`);
      const files = await Promise.all(
        payloads.map((payload, i) => pool.render(directory, `doc ${i}`, payload)),
      );
      expect(files[3]).toBe(join(directory, 'doc_3.png'));
      expect(files.map(scan)).toEqual(payloads);
      await pool.close();
      const again = await pool.render(directory, 'after-close', 'still works');
      expect(scan(again)).toBe('still works');
    } finally {
      await pool.close();
      rmSync(join(directory, '..'), { recursive: true, force: true });
    }
  });

  it('reports a write that fails instead of hanging', async () => {
    const root = mkdtempSync(join(tmpdir(), 'qr-pool-'));
    const notADirectory = join(root, 'file');
    writeFileSync(notADirectory, 'a file where the folder should be');
    const pool = new QrRenderPool(1);
    try {
      await expect(pool.render(join(notADirectory, 'qr'), 'x', 'y')).rejects.toThrow(/ENOTDIR/);
    } finally {
      await pool.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
