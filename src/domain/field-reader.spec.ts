import { FieldReader, childPath, withoutUndefined } from './field-reader';

describe('FieldReader', () => {
  it('builds dot and bracket paths', () => {
    expect(childPath('', 'seller')).toBe('seller');
    expect(childPath('seller', 'gstin')).toBe('seller.gstin');
    expect(childPath('lines', 2)).toBe('lines[2]');
  });

  it('returns placeholders for missing required fields and records each', () => {
    const reader = new FieldReader();
    const source = {};
    expect(reader.requiredString(source, 'name', 'party')).toBe('');
    expect(reader.requiredDecimal(source, 'amount', 'party')).toBe('0');
    expect(reader.requiredInteger(source, 'count', 'party')).toBe(0);
    expect(reader.requiredEnum(source, 'kind', 'party', ['A', 'B'])).toBe('A');
    expect(reader.checkedEnum(source, 'kind', 'party', ['A', 'B'])).toBeUndefined();
    expect(reader.errors.map((error) => error.path)).toEqual([
      'party.name',
      'party.amount',
      'party.count',
      'party.kind',
      'party.kind',
    ]);
  });

  it('treats null and blank optional text as absent', () => {
    const reader = new FieldReader();
    expect(reader.optionalString({ a: null, b: '  ' }, 'a', '')).toBeUndefined();
    expect(reader.optionalString({ a: null, b: '  ' }, 'b', '')).toBeUndefined();
    expect(reader.decimalOrZero({ a: null }, 'a', '')).toBe('0');
    expect(reader.errors).toEqual([]);
  });

  it('records values as text, truncated by fieldError', () => {
    const reader = new FieldReader();
    reader.requiredDecimal({ amount: 'x'.repeat(300) }, 'amount', 'totals');
    expect(reader.errors[0].rule).toBe('decimal.format');
    expect(reader.errors[0].value).toHaveLength(201);
  });

  it('drops undefined keys only', () => {
    expect(withoutUndefined({ a: 1, b: undefined, c: null, d: '' })).toEqual({ a: 1, c: null, d: '' });
    expect(Object.keys(withoutUndefined({ a: undefined }))).toEqual([]);
  });

  it('copies the kept keys in their order, keeping "__proto__" an own key, not the prototype', () => {
    const source = { b: 1, a: undefined, c: 2 };
    expect(withoutUndefined(source)).not.toBe(source);
    expect(Object.keys(withoutUndefined(source))).toEqual(['b', 'c']);
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as object;
    const copy = withoutUndefined(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'x']);
  });

  it('reports unknown properties in their order, and only those', () => {
    const reader = new FieldReader();
    reader.object({ z: 1, a: 2, y: 3 }, 'part', ['a', 'b']);
    expect(reader.errors.map((error) => error.path)).toEqual(['part.z', 'part.y']);
  });

  it('answers a JSON number by what it is: a plain one gets its decimal spelling, 1e400 and 1e21 do not', () => {
    const reader = new FieldReader();
    // JSON.parse('1e400') is Infinity.
    reader.requiredDecimal({ a: JSON.parse('1e400') as number }, 'a', 'totals');
    reader.requiredDecimal({ b: 1e21 }, 'b', 'totals');
    reader.requiredDecimal({ c: 12.5 }, 'c', 'totals');
    const [infinite, exponent, plain] = reader.errors;
    expect(infinite).toEqual({
      path: 'totals.a',
      rule: 'decimal.string',
      message:
        'must be a decimal string such as "1180.50"; this JSON number is too large to represent (it overflows to infinity)',
    });
    expect(infinite.message).not.toContain('Infinity');
    expect(exponent.message).toBe(
      'must be a decimal string such as "1180.50" (digits, optional point), not a JSON number',
    );
    expect(plain.message).toBe('must be a decimal string such as "12.5", not a JSON number');
  });
});
