import { ChainSlotRefused } from '../../ports';
import { ComplianceError } from '../../compliance';
import { chainSlotError } from './chain-slot-error';

describe('chainSlotError', () => {
  it('makes a busy unit transient and a UUID signed for another submission a validation error', () => {
    const busy = new ChainSlotRefused('unit-busy', 'another worker is still signing for EGS unit u1');
    const taken = new ChainSlotRefused('uuid-taken', 'invoice UUID x is already signed');

    expect(chainSlotError(busy)).toEqual(expect.any(ComplianceError));
    expect(chainSlotError(busy)).toMatchObject({ errorClass: 'transient', message: busy.message });
    expect(chainSlotError(taken)).toMatchObject({ errorClass: 'validation', message: taken.message });
    expect((chainSlotError(taken) as ComplianceError).options.cause).toBe(taken);
  });

  it('passes any other failure through unchanged', () => {
    const other = new Error('HSM unavailable');
    expect(chainSlotError(other)).toBe(other);
  });
});
