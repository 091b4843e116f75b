import { sampleIndiaInvoice, sampleInterStateInvoice } from '../../domain/__fixtures__';
import type { CanonicalInvoice, InvoiceLine, FieldError } from '../../domain';
import { mapToEwaybillByIrnDetails, mapToNicEwaybillV103 } from './ewaybill-v1.03.mapper';
import type { NicEwaybillV103 } from './nic-ewaybill-v1.03.types';

function mapped(invoice: CanonicalInvoice, rules = {}): NicEwaybillV103 {
  const outcome = mapToNicEwaybillV103(invoice, rules);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value;
}

function errorsOf(invoice: CanonicalInvoice, rules = {}): FieldError[] {
  const outcome = mapToNicEwaybillV103(invoice, rules);
  if (outcome.ok) throw new Error('expected field errors');
  return outcome.errors;
}

const road = {
  distanceKm: 150,
  mode: 'ROAD' as const,
  vehicleNumber: 'ka 01 ab-1234',
  transporterName: 'Swift Movers',
};

describe('mapToNicEwaybillV103', () => {
  it('maps an intra-state sale with a vehicle: parties, goods items with CGST/SGST halves, totals, Part-B', () => {
    const payload = mapped(sampleIndiaInvoice({ transport: road }));
    expect(payload).toMatchObject({
      supplyType: 'O',
      subSupplyType: '1',
      docType: 'INV',
      docNo: 'KF/24-25/0042',
      docDate: '15/07/2024',
      fromGstin: '29AABCK1234L1ZI',
      fromTrdName: 'Kaveri Furnishings',
      fromPincode: 560058,
      fromStateCode: 29,
      actFromStateCode: 29,
      toGstin: '29AAFCM5678Q1ZE',
      toPincode: 570016,
      toStateCode: 29,
      actToStateCode: 29,
      transactionType: 1,
      totalValue: 45502.5,
      cgstValue: 4095.23,
      sgstValue: 4095.23,
      igstValue: 0,
      // The service line (3,500 + 630 tax) and the round-off are "other" value.
      otherValue: 4130.04,
      totInvValue: 57823,
      transMode: '1',
      transDistance: '150',
      vehicleNo: 'KA01AB1234',
      vehicleType: 'R',
      transporterName: 'Swift Movers',
      mainHsnCode: '94031090',
    });
    expect(payload.itemList).toEqual([
      expect.objectContaining({
        itemNo: 1,
        hsnCode: '94031090',
        quantity: 2,
        qtyUnit: 'NOS',
        taxableAmount: 24500,
        cgstRate: 9,
        sgstRate: 9,
        igstRate: 0,
      }),
      expect.objectContaining({ itemNo: 2, hsnCode: '94013000', quantity: 5, taxableAmount: 21002.5 }),
    ]);
  });

  it('maps an inter-state sale with IGST rates', () => {
    const payload = mapped(sampleInterStateInvoice({ transport: road }));
    expect(payload).toMatchObject({ toStateCode: 27, actToStateCode: 27, igstValue: 8190.45, cgstValue: 0 });
    expect(payload.itemList[0]).toMatchObject({ igstRate: 18, cgstRate: 0, sgstRate: 0 });
  });

  it('is Part-A only without a vehicle: no transMode, vehicle or transport document', () => {
    const payload = mapped(
      sampleIndiaInvoice({ transport: { distanceKm: 0, transporterId: '29AABCT1332L1ZU' } }),
    );
    expect(payload.transDistance).toBe('0');
    expect(payload.transporterId).toBe('29AABCT1332L1ZU');
    for (const field of ['transMode', 'vehicleNo', 'vehicleType', 'transDocNo', 'transDocDate'] as const) {
      expect(payload[field]).toBeUndefined();
    }
  });

  it('takes a rail movement with its document as Part-B', () => {
    const payload = mapped(
      sampleIndiaInvoice({
        transport: {
          distanceKm: 900,
          mode: 'RAIL',
          transportDocNumber: 'RR-7781',
          transportDocDate: '2024-07-16',
        },
      }),
    );
    expect(payload).toMatchObject({ transMode: '2', transDocNo: 'RR-7781', transDocDate: '16/07/2024' });
  });

  it('names what is missing when transport details are absent, and uses the configured default', () => {
    expect(errorsOf(sampleIndiaInvoice())).toEqual([
      expect.objectContaining({ path: 'transport', rule: 'ewaybill.transportRequired' }),
    ]);
    expect(errorsOf(sampleIndiaInvoice({ transport: { mode: 'ROAD' } }))).toEqual([
      expect.objectContaining({ path: 'transport.distanceKm', rule: 'required' }),
    ]);
    expect(mapped(sampleIndiaInvoice(), { defaultTransport: { distanceKm: 25 } }).transDistance).toBe('25');
  });

  it('reports each bad field with its path', () => {
    const invoice = sampleIndiaInvoice({
      documentNumber: 'KF 24_25 #0042',
      transport: { distanceKm: 4001, mode: 'AIR', vehicleNumber: 'X1', transportDocDate: '2024-07-01' },
    });
    invoice.lines[0] = { ...invoice.lines[0], hsnCode: '940', unit: 'BOXES' };
    invoice.buyer.address.postalCode = '57001';
    const paths = errorsOf(invoice).map((error) => `${error.path}:${error.rule}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'documentNumber:ewaybill.docNo',
        'transport.distanceKm:ewaybill.distance',
        'transport.vehicleNumber:ewaybill.vehicleNumber',
        'transport.transportDocDate:ewaybill.transDocDate',
        'transport.transportDocNumber:required',
        'lines[0].hsnCode:ewaybill.hsn',
        'lines[0].unit:ewaybill.uqc',
        'buyer.address.postalCode:ewaybill.pincode',
      ]),
    );
  });

  it('maps exports to URP, state 99 and PIN 999999 with sub-supply type 3', () => {
    const invoice = sampleInterStateInvoice({ supplyType: 'EXPWOP', transport: road });
    invoice.buyer = {
      ...invoice.buyer,
      gstin: 'URP',
      placeOfSupply: '96',
      address: { line1: '1 Dock Rd', city: 'Dubai', countryCode: 'AE' },
    };
    expect(mapped(invoice)).toMatchObject({
      subSupplyType: '3',
      toGstin: 'URP',
      toStateCode: 99,
      actToStateCode: 99,
      toPincode: 999999,
    });
  });

  it('sets the transaction type from ship-to and dispatch-from', () => {
    const shipTo = {
      legalName: 'Site office',
      gstin: '29AAFCM5678Q1ZE',
      address: { line1: 'Gate 2', city: 'Mandya', postalCode: '571401', stateCode: '29', countryCode: 'IN' },
    };
    const dispatchFrom = {
      name: 'Kaveri Warehouse',
      address: {
        line1: 'Hoskote',
        city: 'Hoskote',
        postalCode: '562114',
        stateCode: '29',
        countryCode: 'IN',
      },
    };
    expect(mapped(sampleIndiaInvoice({ transport: road, shipTo })).transactionType).toBe(2);
    const both = mapped(sampleIndiaInvoice({ transport: road, shipTo, dispatchFrom }));
    expect(both).toMatchObject({
      transactionType: 4,
      fromPincode: 562114,
      toPincode: 571401,
      shipToGSTIN: '29AAFCM5678Q1ZE',
    });
    expect(mapped(sampleIndiaInvoice({ transport: road, dispatchFrom })).transactionType).toBe(3);
  });

  it('groups more than 250 goods lines by HSN, unit and rate, with exact decimal sums', () => {
    const invoice = sampleIndiaInvoice({ transport: road });
    const template = invoice.lines[0];
    invoice.lines = Array.from({ length: 300 }, (_, i): InvoiceLine => ({
      ...template,
      lineNo: i + 1,
      hsnCode: i % 3 === 0 ? '94031090' : '94013000',
      quantity: '0.1',
      taxableValue: '0.10',
      taxRate: i % 2 === 0 ? '18' : '12',
    }));
    const payload = mapped(invoice);
    expect(payload.itemList).toHaveLength(4);
    const total = payload.itemList.reduce((n, item) => n + Math.round(item.taxableAmount * 100), 0);
    expect(total).toBe(3000);
    const group = payload.itemList.find((item) => item.hsnCode === '94031090' && item.cgstRate === 9)!;
    expect(group).toMatchObject({ quantity: 5, taxableAmount: 5 });
  });

  it('refuses more than 250 distinct groups', () => {
    const invoice = sampleIndiaInvoice({ transport: road });
    invoice.lines = Array.from({ length: 251 }, (_, i): InvoiceLine => ({
      ...invoice.lines[0],
      lineNo: i + 1,
      hsnCode: String(94000000 + i),
    }));
    expect(errorsOf(invoice)).toEqual([
      expect.objectContaining({ path: 'lines', rule: 'ewaybill.itemLimit' }),
    ]);
  });
});

describe('mapToEwaybillByIrnDetails', () => {
  it('carries distance, transporter and Part-B in NIC e-invoice names', () => {
    const outcome = mapToEwaybillByIrnDetails(
      sampleIndiaInvoice({ transport: { ...road, transporterId: '29AABCT1332L1ZU', vehicleType: 'O' } }),
    );
    expect(outcome).toEqual({
      ok: true,
      value: {
        Distance: 150,
        TransId: '29AABCT1332L1ZU',
        TransName: 'Swift Movers',
        TransMode: '1',
        VehNo: 'KA01AB1234',
        VehType: 'O',
      },
    });
  });
});
