import { isServiceCode, isValidHsnFormat } from './hsn';

describe('HSN', () => {
  it.each(['9403', '940310', '94031090', '998739'])('accepts %s', (code) => {
    expect(isValidHsnFormat(code)).toBe(true);
  });

  it.each(['94', '940', '94031', '9403109', '940310901', '94O3', ' 9403', ''])('rejects %j', (code) => {
    expect(isValidHsnFormat(code)).toBe(false);
  });

  it('treats chapter 99 as services', () => {
    expect(isServiceCode('998739')).toBe(true);
    expect(isServiceCode('94031090')).toBe(false);
  });
});
