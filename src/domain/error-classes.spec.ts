import {
  isSubmissionErrorClass,
  isWriteBackErrorClass,
  SUBMISSION_ERROR_CLASSES,
  writeBackErrorClass,
} from './error-classes';
import { REGIME_NAME_PATTERN } from './regime-name';

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

describe('REGIME_NAME_PATTERN', () => {
  it('takes a country code, a dash and the regime, lower case', () => {
    expect(
      ['in-einvoice', 'in-ewaybill', 'sa-zatca', 'my-invois'].every((n) => REGIME_NAME_PATTERN.test(n)),
    ).toBe(true);
    expect(
      ['einvoice', 'IN-EINVOICE', 'in_einvoice', 'in-', "in-einvoice'; --"].some((n) =>
        REGIME_NAME_PATTERN.test(n),
      ),
    ).toBe(false);
  });
});
