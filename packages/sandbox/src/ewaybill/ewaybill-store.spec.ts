import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxStateStore } from '../framework/state-store';
import { EwayBillStore, type StoredEwayBill } from './ewaybill-store';

function bill(store: EwayBillStore, docNo: string, overrides: Partial<StoredEwayBill> = {}): StoredEwayBill {
  const party = {
    gstin: '',
    tradeName: '',
    addr1: '',
    addr2: '',
    place: '',
    pincode: 560001,
    stateCode: 29,
    actualStateCode: 29,
  };
  return {
    ewbNo: store.nextEwbNo(),
    generatedAtMs: 0,
    generatorGstin: '29AABCS1429B1ZQ',
    genMode: 'API',
    irn: null,
    supplyType: 'O',
    subSupplyType: '1',
    docType: 'INV',
    docNo,
    docDate: '01/03/2024',
    transactionType: 1,
    from: party,
    to: party,
    items: [],
    totalValue: 100,
    cgstValue: 0,
    sgstValue: 0,
    igstValue: 0,
    cessValue: 0,
    otherValue: 0,
    totInvValue: 100,
    distanceKm: 10,
    vehicleType: 'R',
    transporterId: '',
    transporterName: '',
    transUpdatedAtMs: null,
    vehicles: [],
    validUntilMs: null,
    extendedTimes: 0,
    status: 'ACT',
    cancelledAtMs: null,
    cancelReason: null,
    cancelRemark: null,
    verified: false,
    ...overrides,
  };
}

describe('EwayBillStore', () => {
  it('holds one active bill per document (generator, type and number, any case); a cancelled one may be replaced', () => {
    const store = new EwayBillStore();
    const first = bill(store, 'INV/1');
    expect(store.add(first)).toBe(true);
    expect(store.add(bill(store, 'inv/1'))).toBe(false);
    first.status = 'CNL';
    store.changed(first);
    const second = bill(store, 'INV/1');
    expect(store.add(second)).toBe(true);
    expect(store.forDocument('29AABCS1429B1ZQ', 'INV', 'INV/1')).toBe(second);
    expect(store.find(first.ewbNo)?.status).toBe('CNL');
  });

  it('numbers bills with 12 digits and consolidated bills with 10', () => {
    const store = new EwayBillStore();
    expect(store.nextEwbNo()).toMatch(/^3\d{11}$/);
    expect(store.nextConsolidatedNo()).toMatch(/^1\d{9}$/);
  });

  it('remembers bills and their last change across a restart, and numbers on after them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ewb-store-'));
    try {
      const state = new SandboxStateStore(dir);
      const store = new EwayBillStore();
      store.persistTo(state);
      const kept = bill(store, 'INV/2');
      store.add(kept);
      kept.validUntilMs = 12345;
      store.changed(kept);
      await state.flush();

      const reloaded = new EwayBillStore();
      reloaded.persistTo(new SandboxStateStore(dir));
      expect(reloaded.find(kept.ewbNo)?.validUntilMs).toBe(12345);
      expect(reloaded.forDocument(kept.generatorGstin, 'INV', 'INV/2')?.ewbNo).toBe(kept.ewbNo);
      expect(Number(reloaded.nextEwbNo())).toBeGreaterThan(Number(kept.ewbNo));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
