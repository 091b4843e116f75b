import { InvalidArgumentError } from 'commander';
import { formatCategories, gstinArgument, periodArgument } from './reco';

describe('reco command helpers', () => {
  it('totals the categories exactly, right-aligned', () => {
    const text = formatCategories({
      exact: { count: 2, itcAtStake: '0.10' },
      suggested: { count: 1, itcAtStake: '0.20' },
      'missing-in-2b': { count: 3, itcAtStake: '1234567.05' },
    });
    expect(text.split('\n')).toEqual([
      'CATEGORY       DOCUMENTS  ITC AT STAKE',
      '-------------  ---------  ------------',
      'exact                  2          0.10',
      'suggested              1          0.20',
      'missing-in-2b          3    1234567.05',
      'total                  6    1234567.35',
      '',
    ]);
  });

  it('takes a GSTIN in any case and a period as MMYYYY, and refuses anything else as usage', () => {
    expect(gstinArgument(' 29aabct1332l1zt ')).toBe('29AABCT1332L1ZT');
    expect(() => gstinArgument('29AABCT')).toThrow(InvalidArgumentError);
    expect(periodArgument('102026')).toBe('102026');
    expect(() => periodArgument('132026')).toThrow('not a return period MMYYYY: 132026');
    expect(() => periodArgument('2026-10')).toThrow(InvalidArgumentError);
  });
});
