import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { secretKeysOf } from '../security';
import { EinvoiceSettings } from './in-einvoice';
import { EwaybillSettings } from './in-ewaybill';

function problems(type: new () => object, value: Record<string, unknown>): string[] {
  return validateSync(plainToInstance(type, value)).map((error) => error.property);
}

describe('the NIC gateway settings both India regimes extend', () => {
  it('checks the shared settings the same way in each regime', () => {
    const wrong = { provider: 'nic-gsp-catalog-c', baseUrl: 'not a url', gstin: '29AABCS1429B1ZX' };
    for (const type of [EinvoiceSettings, EwaybillSettings]) {
      expect(problems(type, wrong).sort()).toEqual(['baseUrl', 'gstin', 'provider']);
      expect(problems(type, { provider: 'nic-api-catalog-b', gstin: '29AABCS1429B1ZQ' })).toEqual([]);
    }
  });

  it('keeps each regime its own settings', () => {
    expect(problems(EwaybillSettings, { movement: 'sometimes', threshold: 'fifty' }).sort()).toEqual([
      'movement',
      'threshold',
    ]);
    expect(problems(EinvoiceSettings, { callbackSecret: '' })).toEqual(['callbackSecret']);
  });

  it('marks the inherited credentials secret in both, beside a regime’s own secrets', () => {
    expect(secretKeysOf(new EwaybillSettings()).sort()).toEqual(['clientSecret', 'password']);
    expect(secretKeysOf(new EinvoiceSettings()).sort()).toEqual([
      'callbackSecret',
      'clientSecret',
      'password',
    ]);
  });
});
