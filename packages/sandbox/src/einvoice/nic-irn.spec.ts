import { nicFinancialYear, nicIrn } from './nic-irn';

describe('sandbox NIC IRN', () => {
  it('hashes seller GSTIN + FY + type + number as NIC does (published NIC-signed example)', () => {
    expect(nicIrn('01AMBPG7773M002', '16/09/2022', 'INV', 'SINV-CFY-00067')).toBe(
      '706daeccda0ef6f818da78f3a2a05a1288731057373002289b46c3229289a2e7',
    );
  });

  it('starts the financial year in April', () => {
    expect(nicFinancialYear('31/03/2025')).toBe('2024-25');
    expect(nicFinancialYear('01/04/2025')).toBe('2025-26');
    expect(nicFinancialYear('15/01/2000')).toBe('1999-00');
  });
});
