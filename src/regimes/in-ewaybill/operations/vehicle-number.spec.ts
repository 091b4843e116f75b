import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { normaliseVehicleNumber } from '../../../domain';
import { normaliseVehicleNumber as webhookNormalisation } from '../../../mappers/ewaybill';
import { ConsolidateRequest } from './consolidate.operation';
import { ExtendRequest } from './extend.operation';
import { PartBRequest } from './part-b.operation';

const SPACED = 'ka 01 ab-1234';

describe('vehicle numbers: the operator API takes what the webhook takes', () => {
  it('is one normalisation', () => {
    expect(webhookNormalisation).toBe(normaliseVehicleNumber);
    expect(normaliseVehicleNumber(SPACED)).toBe('KA01AB1234');
  });

  it.each([
    ['part-b', PartBRequest, { reasonCode: '1', reasonRemark: 'break down' }],
    ['consolidate', ConsolidateRequest, { ewbNos: ['331001234567'] }],
    [
      'extend',
      ExtendRequest,
      {
        remainingDistanceKm: 10,
        reasonCode: '1',
        remark: 'flood',
        fromPincode: 560001,
        consignmentStatus: 'M',
      },
    ],
  ] as const)(
    '%s accepts a spaced, hyphenated vehicle number and sends it normalised',
    (_name, type, extra) => {
      const request = plainToInstance(type as new () => { vehicleNo?: string }, {
        fromPlace: 'Bengaluru',
        fromState: 29,
        transMode: '1',
        vehicleNo: SPACED,
        ...extra,
      });
      const errors = validateSync(request).filter((e) => e.property === 'vehicleNo');
      expect(errors).toEqual([]);
      expect(request.vehicleNo).toBe('KA01AB1234');
    },
  );
});
