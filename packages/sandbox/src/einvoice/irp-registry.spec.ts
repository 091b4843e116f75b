import { IrpRegistry, type IrpRegistration } from './irp-registry';

function registration(irn: string): IrpRegistration {
  return {
    irn,
    ackNo: 262100000000001,
    ackDt: '2026-11-22 10:00:00',
    registeredAtMs: 0,
    sellerGstin: '29AADCD4821K1ZI',
    buyerGstin: '29AAFCM7314Q1ZT',
    docType: 'INV',
    docNo: irn.toUpperCase(),
    docDate: '22/11/2026',
    status: 'ACT',
    signedInvoice: 'jws',
    signedQrCode: 'jws',
    channel: 'A',
    invoice: {},
  };
}

describe('IrpRegistry e-way bills', () => {
  it('finds a registration by the e-way bill generated with it, and nothing for an unknown number', () => {
    const registry = new IrpRegistry();
    const [first, second] = [registration('a1'), registration('b2')];
    registry.add(first);
    registry.add(second);
    const ewbNo = registry.nextEwbNo();
    registry.attachEwayBill(second, {
      ewbNo,
      ewbDt: '22/11/2026 10:00:00 AM',
      ewbValidTill: null,
      status: 'ACT',
    });
    expect(registry.findByEwayBill(ewbNo)).toBe(second);
    expect(second.ewayBill?.ewbNo).toBe(ewbNo);
    expect(first.ewayBill).toBeUndefined();
    expect(registry.findByEwayBill(ewbNo + 1)).toBeUndefined();
  });

  it('sees a status change made on the registration (a cancelled e-way bill)', () => {
    const registry = new IrpRegistry();
    const only = registration('c3');
    registry.add(only);
    const ewbNo = registry.nextEwbNo();
    registry.attachEwayBill(only, {
      ewbNo,
      ewbDt: '22/11/2026 10:00:00 AM',
      ewbValidTill: null,
      status: 'ACT',
    });
    only.ewayBill!.status = 'CNL';
    expect(registry.findByEwayBill(ewbNo)?.ewayBill?.status).toBe('CNL');
  });
});

describe('IrpRegistry acknowledgement numbers', () => {
  it('writes two digits of the year, "21", then the sequence in eleven', () => {
    const registry = new IrpRegistry();
    const first = registry.nextAckNo(2026);
    expect(String(first)).toMatch(/^2621\d{11}$/);
    expect(registry.nextAckNo(2026)).toBe(first + 1);
    expect(registry.nextAckNo(2005)).toBe(Number(`0521${String(first + 2).slice(4)}`));
  });

  it('keeps writing the digits side by side once the sequence outgrows eleven', () => {
    const registry = new IrpRegistry();
    (registry as unknown as { ackSequence: number }).ackSequence = 99_999_999_998;
    expect(registry.nextAckNo(2026)).toBe(262199999999999);
    expect(registry.nextAckNo(2026)).toBe(2621100000000000);
  });
});
