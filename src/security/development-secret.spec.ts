import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { developmentSecret } from './development-secret';

describe('developmentSecret', () => {
  it('creates a private random secret once and returns the same one afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'devsecret-'));
    try {
      const file = join(dir, 'nested', 'api-key');
      const created: string[] = [];
      const first = developmentSecret(file, 24, (path) => created.push(path));
      const second = developmentSecret(file, 24, (path) => created.push(path));
      expect(first).toMatch(/^[0-9a-f]{48}$/);
      expect(second).toBe(first);
      expect(created).toEqual([file]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
