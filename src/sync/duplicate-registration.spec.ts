import { duplicateRegistrations, type RegistrationClaim } from './duplicate-registration';

const claim = (documentId: string, irn: string | undefined, adopted = false): RegistrationClaim => ({
  irn,
  documentId,
  erpId: `erp-${documentId}`,
  docNumber: 'INV/1',
  adopted,
});

describe('duplicate registrations', () => {
  it('finds a claim on an IRN another document holds already', () => {
    const stored = [{ irn: 'i1', documentId: 'd0', erpId: 'erp-d0', docNumber: 'INV/1' }];
    expect(duplicateRegistrations([claim('d1', 'i1', true), claim('d2', 'i2')], stored)).toEqual([
      { index: 0, irn: 'i1', holder: stored[0] },
    ]);
  });

  it('lets the same document adopt its own IRN again', () => {
    const stored = [{ irn: 'i1', documentId: 'd1', erpId: 'erp-d1', docNumber: 'INV/1' }];
    expect(duplicateRegistrations([claim('d1', 'i1', true)], stored)).toEqual([]);
  });

  it('within a batch, the fresh registration keeps the IRN and the adopted one is the duplicate', () => {
    const found = duplicateRegistrations([claim('d1', 'i1', true), claim('d2', 'i1', false)], []);
    expect(found).toEqual([{ index: 0, irn: 'i1', holder: expect.objectContaining({ documentId: 'd2' }) }]);
  });

  it('ignores claims without an IRN', () => {
    expect(duplicateRegistrations([claim('d1', undefined), claim('d2', undefined)], [])).toEqual([]);
  });
});
