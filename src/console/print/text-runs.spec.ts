import { textRuns } from './text-runs';

describe('textRuns', () => {
  it('keeps Latin text as one run', () => {
    expect(textRuns('Tax Invoice 12')).toEqual([{ text: 'Tax Invoice 12', arabic: false }]);
  });

  it('splits a bilingual name at the script boundary, spaces between Arabic words inside the Arabic run', () => {
    expect(textRuns('شركة نماذج فاتورة المحدودة | Fatoora Samples LTD')).toEqual([
      { text: 'شركة نماذج فاتورة المحدودة', arabic: true },
      { text: ' | Fatoora Samples LTD', arabic: false },
    ]);
    expect(textRuns('Laptop | حاسوب محمول')).toEqual([
      { text: 'Laptop | ', arabic: false },
      { text: 'حاسوب محمول', arabic: true },
    ]);
  });

  it('leaves digits out of Arabic runs', () => {
    expect(textRuns('شارع 12 الملك')).toEqual([
      { text: 'شارع', arabic: true },
      { text: ' 12 ', arabic: false },
      { text: 'الملك', arabic: true },
    ]);
  });
});
