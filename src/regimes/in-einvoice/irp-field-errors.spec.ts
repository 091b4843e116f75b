import { irpFieldErrors } from './irp-field-errors';
import { IrpRejection } from '../../compliance';

describe('irpFieldErrors', () => {
  it('names the canonical transport details for a 4009 refusal at EwbDtls, the NIC path kept beside', () => {
    const rejection = new IrpRejection(
      [{ code: '4009', message: 'E-way bill cannot be generated for services' }],
      [],
      {},
    );
    const [error] = irpFieldErrors(rejection);
    expect(error).toEqual(
      expect.objectContaining({ canonicalPath: 'transport', path: 'EwbDtls', rule: 'irp.4009' }),
    );
  });

  it('gives none for a refusal that names no field', () => {
    const rejection = new IrpRejection([{ code: '2150', message: 'Duplicate IRN' }], [], {});
    expect(irpFieldErrors(rejection)).toEqual([]);
  });
});
