import { existsSync } from 'node:fs';
import { pdfTextRuns } from '../../../test/support/pdf-text';
import { printPdf } from './print-pdf';
import type { PrintableInvoice } from '../../compliance/printable';

const DEJAVU = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

function invoice(lines: number): PrintableInvoice {
  return {
    title: { en: 'Tax Invoice', ar: 'فاتورة ضريبية' },
    registration: [
      { label: { en: 'UUID', ar: 'المعرف الفريد' }, value: '8e6000cf-1a98-4174-b3e7-b5d5954bc10d' },
    ],
    document: [{ label: { en: 'Invoice number', ar: 'رقم الفاتورة' }, value: 'SME00010' }],
    parties: [
      { role: { en: 'Seller', ar: 'البائع' }, name: 'شركة نجد | Najd Electronics', facts: [], address: [] },
    ],
    columns: [
      { label: { en: '#' }, numeric: false, weight: 1 },
      { label: { en: 'Description', ar: 'الوصف' }, numeric: false, weight: 4 },
      { label: { en: 'Total' }, numeric: true, weight: 2 },
    ],
    lines: Array.from({ length: lines }, (_, i) => [String(i + 1), `Item ${i + 1}`, '10.00']),
    totals: [{ label: { en: 'Amount due (SAR)', ar: 'المبلغ المستحق' }, value: '1150.00' }],
    qr: { payload: 'AQVaYXRjYQ==', caption: { en: 'ZATCA QR code' } },
  };
}

describe('printPdf', () => {
  it('draws Arabic with a font that has it: each Arabic word on its own, words right to left', async () => {
    if (!existsSync(DEJAVU.regular))
      throw new Error(`${DEJAVU.regular} is missing: install fonts-dejavu-core`);
    const text = pdfTextRuns(await printPdf(invoice(1), DEJAVU));
    expect(text).toContain('SME00010');
    expect(text).toContain('1150.00');
    // Glyphs in visual order: "فاتورة ضريبية" is drawn second word first, each word's glyphs mirrored.
    const title = text.indexOf('Tax ');
    expect(text.slice(title, title + 5)).toEqual(['Tax ', 'Invoice ', ' ', 'ةيبيرض', 'ةروتاف']);
  });

  it('leaves Arabic out with the standard Helvetica, which has no Arabic glyphs', async () => {
    const text = pdfTextRuns(await printPdf(invoice(1))).join('\n');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('| Najd Electronics');
    expect(text).not.toMatch(/[\u0600-\u06ff]/);
  });

  it('continues a long table on further pages, the header repeated', async () => {
    const pdf = await printPdf(invoice(120), DEJAVU);
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    const text = pdfTextRuns(pdf);
    expect(text).toContain('Item 120');
    expect(text.filter((run) => run.startsWith('Description')).length).toBe(pages.length);
  });
});
