import { einvoiceSettingsOf } from './create-ewaybill-regime';

// The process's in-einvoice defaults (the sandbox's gateway in development): what GENERATE_EWAYBILL by IRN
// goes through when the e-way bill instance names no `einvoice:` of its own.
const EINVOICE_DEFAULTS = {
  catalog: 'A',
  baseUrl: 'https://gsp.example',
  clientId: 'c-1',
  clientSecret: 's',
};

describe('the e-invoice settings GENERATE_EWAYBILL by IRN goes through', () => {
  it("are the process's in-einvoice defaults for the instance's GSTIN where it names none", () => {
    expect(einvoiceSettingsOf({ gstin: '29AADCD4821K1ZI' }, EINVOICE_DEFAULTS)).toEqual({
      ...EINVOICE_DEFAULTS,
      gstin: '29AADCD4821K1ZI',
    });
  });

  it("are the instance's `einvoice:` over those defaults where it names them", () => {
    expect(
      einvoiceSettingsOf(
        { gstin: '29AADCD4821K1ZI', einvoice: { gstin: '27AADCD4821K1ZM', clientId: 'c-2' } },
        EINVOICE_DEFAULTS,
      ),
    ).toEqual({ ...EINVOICE_DEFAULTS, gstin: '27AADCD4821K1ZM', clientId: 'c-2' });
  });

  it('are none without a GSTIN to go by', () => {
    expect(einvoiceSettingsOf({}, EINVOICE_DEFAULTS)).toBeUndefined();
  });
});
