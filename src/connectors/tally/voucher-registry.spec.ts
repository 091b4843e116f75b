import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deletionCandidates } from './deleted-vouchers';
import { numberKey, VoucherRegistry, type RegisteredVoucher } from './voucher-registry';

describe('VoucherRegistry', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'voucher-registry-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const voucher = (index: number, date = '2024-04-01', number = `INV/${index}`): RegisteredVoucher => ({
    guid: `guid-${index}`,
    date,
    type: 'Sales',
    number,
  });

  it('summarises the live vouchers: the last line of a GUID wins, a "-" line forgets one', async () => {
    const registry = new VoucherRegistry(join(dir, 'r.tsv'));
    await registry.add([voucher(1), voucher(2), voucher(3)]);
    await registry.add([voucher(2, '2024-04-02')]);
    await registry.forget(['guid-3']);
    const summary = await registry.summary();
    expect([...summary.dates]).toEqual([
      ['guid-1', '2024-04-01'],
      ['guid-2', '2024-04-02'],
    ]);
    expect(summary.lines).toBe(5);
    expect([...(await registry.records(new Set(['guid-2', 'guid-3'])))]).toEqual([
      ['guid-2', voucher(2, '2024-04-02')],
    ]);
  });

  it('reads a file larger than its read chunk, lines split across chunks and CRLF endings included', async () => {
    const file = join(dir, 'r.tsv');
    const lines: string[] = [];
    for (let index = 0; index < 12_000; index += 1) {
      lines.push(`guid-${index}\t2024-05-${String(1 + (index % 28)).padStart(2, '0')}\tSales\tINV/${index}`);
    }
    await writeFile(file, `${lines.join('\r\n')}\r\n-\tguid-7\n`, 'utf8');
    const registry = new VoucherRegistry(file);
    const summary = await registry.summary();
    expect(summary.dates.size).toBe(11_999);
    expect(summary.dates.get('guid-11999')).toBe('2024-05-16');
    expect(summary.dates.has('guid-7')).toBe(false);
    const loaded = await registry.load();
    expect(loaded.get('guid-11999')).toEqual({
      guid: 'guid-11999',
      date: '2024-05-16',
      type: 'Sales',
      number: 'INV/11999',
    });
  });

  it('names the vouchers whose type and number the pass delivered under another GUID', async () => {
    const registry = new VoucherRegistry(join(dir, 'r.tsv'));
    await registry.add([voucher(1), voucher(2), voucher(3, '2024-04-01', 'INV/1')]);
    // guid-1 was later renumbered: its last line decides.
    await registry.add([voucher(1, '2024-04-01', 'INV/10')]);
    const pass = new Map([[numberKey('Sales', 'INV/2'), 'guid-9']]);
    pass.set(numberKey('sales', 'inv/1'), 'guid-3');
    const summary = await registry.summary(pass);
    expect([...summary.renumbered]).toEqual(['guid-2']);
  });

  it('finds candidates on days where Tally counts fewer vouchers than were delivered', async () => {
    const registry = new VoucherRegistry(join(dir, 'r.tsv'));
    await registry.add([voucher(1), voucher(2), voucher(3, '2024-04-02'), voucher(4, '2024-04-03')]);
    const summary = await registry.summary();
    const counted = new Map([
      ['2024-04-01', 1],
      ['2024-04-02', 1],
    ]);
    expect(deletionCandidates(summary, counted).sort()).toEqual(['guid-1', 'guid-2', 'guid-4']);
  });

  it('compacts a file made mostly of superseded lines', async () => {
    const file = join(dir, 'r.tsv');
    const registry = new VoucherRegistry(file);
    for (let round = 0; round < 5; round += 1) {
      await registry.add(Array.from({ length: 600 }, (_, index) => voucher(index)));
    }
    const summary = await registry.summary();
    expect(summary.lines).toBe(3000);
    const text = await readFile(file, 'utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(600);
    expect((await registry.summary()).dates.size).toBe(600);
  });
});
