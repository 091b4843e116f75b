import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxStateStore } from './state-store';

describe('SandboxStateStore', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'state-store-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps JSON documents and reads them back', () => {
    const store = new SandboxStateStore(dir);
    expect(store.readJson('key')).toBeUndefined();
    store.writeJson('key', { pem: 'x' });
    expect(new SandboxStateStore(dir).readJson('key')).toEqual({ pem: 'x' });
  });

  it('writes a log in batches, in order, and reads it back after a restart', async () => {
    const store = new SandboxStateStore(dir);
    const log = store.log<{ n: number }>('records');
    for (let n = 0; n < 1000; n++) log.append({ n });
    await store.flush();
    expect(
      new SandboxStateStore(dir)
        .log<{ n: number }>('records')
        .read()
        .map((r) => r.n),
    ).toEqual(Array.from({ length: 1000 }, (_, n) => n));
  });

  it('skips a last line cut short by a killed process', async () => {
    const log = new SandboxStateStore(dir).log<{ n: number }>('records');
    log.append({ n: 1 });
    await log.flush();
    appendFileSync(log.file, '{"n": 2');
    expect(log.read()).toEqual([{ n: 1 }]);
    const reopened = new SandboxStateStore(dir).log<{ n: number }>('records');
    reopened.append({ n: 3 });
    await reopened.flush();
    expect(reopened.read()).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('compacts without losing a record appended meanwhile', async () => {
    const log = new SandboxStateStore(dir).log<{ n: number }>('records');
    log.append({ n: 1 });
    log.append({ n: 1 });
    const rewritten = log.rewrite([{ n: 1 }]);
    log.append({ n: 2 });
    await rewritten;
    await log.flush();
    expect(readFileSync(log.file, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
  });
});
