import {
  isSubmissionErrorClass,
  isWriteBackErrorClass,
  SUBMISSION_ERROR_CLASSES,
  writeBackErrorClass,
} from './error-classes';
import { isRegimeName } from './regime-name';

describe('submission error classes', () => {
  it('names a failed write-back by the connector error class', () => {
    expect(writeBackErrorClass('config')).toBe('writeback-config');
    expect(isWriteBackErrorClass('writeback-transient')).toBe(true);
    expect(isWriteBackErrorClass('transient')).toBe(false);
    expect(isWriteBackErrorClass(null)).toBe(false);
  });

  it('lists the compliance classes and the write-back ones, nothing else', () => {
    expect(SUBMISSION_ERROR_CLASSES).toContain('unknown-outcome');
    expect(SUBMISSION_ERROR_CLASSES).toContain('writeback-system');
    expect(isSubmissionErrorClass('writeback-bug')).toBe(false);
  });
});

describe('isRegimeName', () => {
  it('knows the three regimes', () => {
    expect(['in-einvoice', 'in-ewaybill', 'sa-zatca'].every(isRegimeName)).toBe(true);
    expect(isRegimeName('my-invois')).toBe(false);
  });
});
