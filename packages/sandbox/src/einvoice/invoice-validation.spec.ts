import { interStateInvoice, type SpecInvoice } from './__fixtures__/inter-state-invoice';
import { SANDBOX_GSTINS } from './accounts';
import { validateIrpInvoice } from './invoice-validation';
import { TaxpayerMaster } from './taxpayer-master';

/** The fixture's inter-state invoice with its first item changed and every total made to match. */
function withFirstItem(changes: {
  TotAmt: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
}): SpecInvoice {
  const invoice = interStateInvoice();
  Object.assign(invoice.ItemList[0], changes, { Discount: 0, TotItemVal: changes.AssAmt + changes.IgstAmt });
  const sum = (field: string) => invoice.ItemList.reduce((total, item) => total + (item[field] as number), 0);
  Object.assign(invoice.ValDtls, {
    AssVal: sum('AssAmt'),
    IgstVal: sum('IgstAmt'),
    TotInvVal: sum('TotItemVal'),
  });
  return invoice;
}

function errorCodes(invoice: SpecInvoice): string[] {
  const result = validateIrpInvoice(invoice, {
    now: new Date(),
    allowedSellers: [SANDBOX_GSTINS.karnatakaSeller],
    taxpayers: new TaxpayerMaster(),
  });
  return result.ok ? [] : result.errors.map((error) => error.ErrorCode);
}

describe('the 1-rupee tolerance on item amounts is judged in exact decimal', () => {
  // 18 % of 1234.57 is 222.2226: 223.2226 is exactly one rupee more, but more than one in binary.
  it('accepts an IGST exactly one rupee over its rate', () => {
    expect(223.2226 - (1234.57 * 18) / 100).toBeGreaterThan(1);
    expect(
      errorCodes(withFirstItem({ TotAmt: 1234.57, AssAmt: 1234.57, GstRt: 18, IgstAmt: 223.2226 })),
    ).toEqual([]);
  });

  it('refuses an IGST beyond it (2235)', () => {
    expect(
      errorCodes(withFirstItem({ TotAmt: 1234.57, AssAmt: 1234.57, GstRt: 18, IgstAmt: 223.2227 })),
    ).toEqual(['2235']);
  });

  // 1024.13 - 1023.13 is exactly one rupee, but more than one in binary.
  it('accepts an assessable amount exactly one rupee under TotAmt - Discount', () => {
    expect(1024.13 - 1023.13).toBeGreaterThan(1);
    expect(
      errorCodes(withFirstItem({ TotAmt: 1024.13, AssAmt: 1023.13, GstRt: 5, IgstAmt: 51.1565 })),
    ).toEqual([]);
  });

  it('refuses one beyond it (2193)', () => {
    expect(
      errorCodes(withFirstItem({ TotAmt: 1024.14, AssAmt: 1023.13, GstRt: 5, IgstAmt: 51.1565 })),
    ).toEqual(['2193']);
  });
});
