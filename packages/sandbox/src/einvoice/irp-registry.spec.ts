import { IrpRegistry } from './irp-registry';

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
