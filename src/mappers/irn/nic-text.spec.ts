import { nicText } from './nic-text';

describe('nicText', () => {
  it('uses clean text as it is', () => {
    expect(nicText('Modular shelf unit type 3')).toBe('Modular shelf unit type 3');
  });

  it('replaces double quotes and backslashes, collapses whitespace and trims', () => {
    expect(nicText('  6" pipe\\elbow\t\n x  2 ')).toBe("6' pipe/elbow x 2");
    expect(nicText('a\u00a0b')).toBe('a b');
    expect(nicText('ends with space ')).toBe('ends with space');
  });

  it('leaves blank text out', () => {
    expect(nicText(undefined)).toBeUndefined();
    expect(nicText('')).toBeUndefined();
    expect(nicText(' \t ')).toBeUndefined();
  });

  it('agrees with the full cleaning on every short mix of the characters it treats specially', () => {
    const alphabet = ['a', ' ', '"', '\\', '\t', '\u00a0', '\n'];
    const clean = (value: string) =>
      value.replace(/"/g, "'").replace(/\\/g, '/').replace(/\s+/g, ' ').trim() || undefined;
    let checked = 0;
    const visit = (prefix: string): void => {
      expect(nicText(prefix)).toBe(clean(prefix));
      checked++;
      if (prefix.length < 4) for (const character of alphabet) visit(prefix + character);
    };
    visit('');
    expect(checked).toBe(1 + 7 + 49 + 343 + 2401);
  });
});
