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
