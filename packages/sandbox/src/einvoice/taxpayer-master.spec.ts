import { SANDBOX_GSTINS } from './accounts';
import { TaxpayerMaster } from './taxpayer-master';

describe('TaxpayerMaster.status', () => {
  const master = new TaxpayerMaster(
    new Set([SANDBOX_GSTINS.delhiBuyer]),
    [SANDBOX_GSTINS.tamilNaduBuyer],
    [SANDBOX_GSTINS.gujaratBuyer],
  );

  it.each([
    ['an active taxpayer', SANDBOX_GSTINS.karnatakaSeller, 'ACT'],
    ['a cancelled one', SANDBOX_GSTINS.delhiBuyer, 'CNL'],
    ['one not yet in the master', SANDBOX_GSTINS.tamilNaduBuyer, undefined],
    ['one the master still has as cancelled', SANDBOX_GSTINS.gujaratBuyer, 'CNL'],
    ['a wrong check digit', '29AABCS1429B1ZA', undefined],
    ['no GSTIN at all', 'URP', undefined],
  ])('is what lookup says of %s', (_name, gstin, status) => {
    expect(master.status(gstin)).toBe(status);
    const found = master.lookup(gstin);
    expect(found.found ? found.details.Status : undefined).toBe(status);
  });
});
