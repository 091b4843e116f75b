import { sampleIndiaInvoice } from '../../domain/__fixtures__';
import type { CanonicalInvoice } from '../../domain';
import { mapToEwaybillByIrnDetails, mapToNicEwaybillV103 } from './ewaybill-v1.03.mapper';

/** The sample sale shipped within the seller's own PIN, over `distanceKm`. */
function samePin(distanceKm: number): CanonicalInvoice {
  const invoice = sampleIndiaInvoice();
  const pin = invoice.seller.address.postalCode;
  return {
    ...invoice,
    buyer: { ...invoice.buyer, address: { ...invoice.buyer.address, postalCode: pin } },
    shipTo: undefined,
    dispatchFrom: undefined,
    transport: { distanceKm, mode: 'ROAD', vehicleNumber: 'KA01AB1234' },
  };
}

describe('same-PIN movement: the distance is given, 1 to 100 km (NIC cannot compute 0 for one PIN)', () => {
  it.each([0, 101])('refuses %i km on the canonical field, for a bill and for EwbDtls by IRN', (km) => {
    for (const outcome of [mapToNicEwaybillV103(samePin(km)), mapToEwaybillByIrnDetails(samePin(km))]) {
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            path: 'transport.distanceKm',
            rule: 'ewaybill.samePinDistance',
            value: String(km),
          }),
        ]),
      );
    }
  });

  it.each([1, 100])('sends %i km', (km) => {
    const bill = mapToNicEwaybillV103(samePin(km));
    expect(bill.ok && bill.value.transDistance).toBe(String(km));
    const byIrn = mapToEwaybillByIrnDetails(samePin(km));
    expect(byIrn.ok && byIrn.value.Distance).toBe(km);
  });
});
