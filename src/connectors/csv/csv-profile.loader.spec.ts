import { join } from 'node:path';
import { ConnectorError } from '../contract';
import { defaultProfilesDir, loadProfile, parseProfile, resolveProfilePath } from './csv-profile.loader';

const MINIMAL = `
name: tiny
columns:
  documentNumber: No
  lines[].hsnCode: HSN
`;

function problemsOf(yamlText: string): string[] {
  try {
    parseProfile(yamlText, 'test.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).errorClass).toBe('config');
    return (error as ConnectorError).details?.problems as string[];
  }
  throw new Error('expected the profile to be refused');
}

describe('parseProfile', () => {
  it('fills the defaults of a minimal profile', () => {
    const profile = parseProfile(MINIMAL, 'test.yaml');
    expect(profile).toMatchObject({
      name: 'tiny',
      direction: 'sales',
      layout: 'line-per-row',
      delimiter: ',',
      encoding: 'utf-8',
      headerRow: 1,
      dateFormat: 'YYYY-MM-DD',
      decimalSeparator: '.',
      columns: { documentNumber: 'No', 'lines[].hsnCode': 'HSN' },
      constants: {},
      defaults: {},
      required: [],
    });
    expect(Object.values(profile.derive).every((flag) => flag)).toBe(true);
  });

  it('reads encodings by their common aliases and value maps case-insensitively', () => {
    const profile = parseProfile(
      `${MINIMAL}encoding: UTF-16\nvalueMaps:\n  documentType:\n    Credit Note: CRN\nconstants:\n  reverseCharge: false\n`,
      't',
    );
    expect(profile.encoding).toBe('utf-16le');
    expect(profile.valueMaps.documentType).toEqual({ 'credit note': 'CRN' });
    expect(profile.constants.reverseCharge).toBe('false');
  });

  it('lists every problem of a bad profile at once', () => {
    const problems = problemsOf(`
name: "bad name"
layout: sideways
delimiter: ";;"
dateFormat: DD.MM.YY
columns:
  buyer.gstn: BuyerGSTIN
  lines[].hsn: HSN
constants:
  buyer.legalName: X
  currency: INR
derive:
  magic: true
required: [nope]
`);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"name" may hold only'),
        expect.stringContaining('"layout" must be one of'),
        expect.stringContaining('"delimiter" must be one character'),
        expect.stringContaining('"dateFormat" must be one of'),
        expect.stringContaining('"columns.buyer.gstn" is not a sales field path'),
        expect.stringContaining('"columns.lines[].hsn" is not a sales field path'),
        expect.stringContaining('"derive.magic" is unknown'),
        expect.stringContaining('"required.nope" is not a sales field path'),
        expect.stringContaining('"columns.documentNumber" is required'),
      ]),
    );
  });

  it('refuses a field that is both a column and a constant', () => {
    expect(problemsOf(`${MINIMAL}constants:\n  documentNumber: X\n`)).toEqual([
      '"documentNumber" is both a column and a constant; keep one',
    ]);
  });

  it('checks purchase profiles against the purchase fields and their key columns', () => {
    const problems = problemsOf(
      'name: p\ndirection: purchase\ncolumns:\n  supplierGstin: GSTIN\n  buyer.gstin: X\n',
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        '"columns.buyer.gstin" is not a purchase field path',
        '"columns.billNumber" is required for a purchase profile',
        '"columns.billDate" is required for a purchase profile',
      ]),
    );
  });

  it('reports YAML syntax errors as config errors', () => {
    expect(() => parseProfile('name: [unclosed', 'broken.yaml')).toThrow(/broken.yaml is not valid YAML/);
    expect(() => parseProfile('- a list', 'list.yaml')).toThrow(/must be a YAML map/);
  });
});

describe('loadProfile', () => {
  it('resolves names in the profiles folder and paths as given', () => {
    expect(resolveProfilePath('india-b2b-lines', '/p')).toBe(join('/p', 'india-b2b-lines.yaml'));
    expect(resolveProfilePath('/x/custom.yaml', '/p')).toBe('/x/custom.yaml');
  });

  it('loads the shipped profiles', async () => {
    const sales = await loadProfile('india-b2b-lines', defaultProfilesDir());
    expect(sales).toMatchObject({ name: 'india-b2b-lines', direction: 'sales', layout: 'line-per-row' });
    expect(sales.columns['buyer.gstin']).toBe('BuyerGSTIN');
    const purchases = await loadProfile('india-purchases');
    expect(purchases).toMatchObject({ name: 'india-purchases', direction: 'purchase' });
  });

  it('names the missing file in a config error', async () => {
    await expect(loadProfile('no-such-profile', defaultProfilesDir())).rejects.toMatchObject({
      errorClass: 'config',
      message: expect.stringContaining('no-such-profile'),
    });
  });
});
