/**
 * The period's reconciliation as the tax team reads it: per category, with the input tax credit at
 * stake; per supplier; every purchase the books hold (unreadable ones with their errors); as JSON or CSV.
 */
import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { Workbook } from 'exceljs';
import { ReconciliationRepository, type ReportRow } from '../../database/repositories';
import { Dec, neutraliseFormula } from '../../domain';
import { summarise } from './reconciliation.service';

export interface SupplierSummary {
  supplierGstin: string;
  supplierName: string | null;
  documents: number;
  categories: Record<string, number>;
  booksTax: string;
  gstr2bTax: string;
  itcAtStake: string;
  /** Matches still waiting for an operator (not exact, not decided). */
  open: number;
}

const CSV_COLUMNS: [keyof ReportRow | 'differenceText' | 'explanationText', string][] = [
  ['category', 'Category'],
  ['rule', 'Rule'],
  ['supplierGstin', 'Supplier GSTIN'],
  ['supplierName', 'Supplier name'],
  ['erpId', 'ERP id'],
  ['billNumber', 'Bill number (books)'],
  ['billDate', 'Bill date (books)'],
  ['purchaseType', 'Type (books)'],
  ['purchaseTaxable', 'Taxable (books)'],
  ['purchaseTax', 'Tax (books)'],
  ['section', '2B section'],
  ['gstr2bNumber', 'Number (2B)'],
  ['gstr2bDate', 'Date (2B)'],
  ['gstr2bTaxable', 'Taxable (2B)'],
  ['gstr2bTax', 'Tax (2B)'],
  ['itcAvailability', 'ITC available (2B)'],
  ['itcUnavailableReason', 'ITC reason (2B)'],
  ['reverseCharge', 'Reverse charge (2B)'],
  ['itcAtStake', 'ITC at stake'],
  ['differenceText', 'Differences'],
  ['explanationText', 'Why'],
  ['decision', 'Decision'],
  ['decidedBy', 'Decided by'],
  ['id', 'Match id'],
];

/**
 * Columns written as numbers in the workbook, so that the tax team can sum and filter them. A spreadsheet
 * keeps numbers as doubles: exact to the paisa for any amount under 10^13, which is all a return holds.
 */
const AMOUNT_COLUMNS = new Set<string>([
  'purchaseTaxable',
  'purchaseTax',
  'gstr2bTaxable',
  'gstr2bTax',
  'itcAtStake',
]);

@Injectable()
export class ReconciliationReportService {
  constructor(private readonly repository: ReconciliationRepository) {}

  async report(gstin: string, period: string, category?: string) {
    const rows = await this.repository.reportRows(gstin, period, category);
    const [lastRun] = await this.repository.runs({ gstin, period, limit: 1 });
    const unreadable = await this.repository.unreadablePurchases(gstin, period);
    return {
      gstin,
      period,
      lastRun: lastRun ?? null,
      categories: summarise(rows),
      unreadablePurchases: unreadable.map((p) => ({
        id: p.id,
        erpId: p.erpId,
        supplierGstin: p.supplierGstin,
        billNumber: p.billNumber,
        billDate: p.billDate,
        fieldErrors: p.fieldErrors,
      })),
      matches: rows,
    };
  }

  async suppliers(gstin: string, period: string): Promise<SupplierSummary[]> {
    const rows = await this.repository.reportRows(gstin, period);
    const bySupplier = new Map<string, SupplierSummary>();
    for (const row of rows) {
      let entry = bySupplier.get(row.supplierGstin);
      if (!entry) {
        entry = {
          supplierGstin: row.supplierGstin,
          supplierName: row.supplierName,
          documents: 0,
          categories: {},
          booksTax: '0.00',
          gstr2bTax: '0.00',
          itcAtStake: '0.00',
          open: 0,
        };
        bySupplier.set(row.supplierGstin, entry);
      }
      entry.supplierName ??= row.supplierName;
      entry.documents += 1;
      entry.categories[row.category] = (entry.categories[row.category] ?? 0) + 1;
      entry.booksTax = new Dec(entry.booksTax).plus(row.purchaseTax ?? '0').toFixed(2);
      entry.gstr2bTax = new Dec(entry.gstr2bTax).plus(row.gstr2bTax ?? '0').toFixed(2);
      entry.itcAtStake = new Dec(entry.itcAtStake).plus(row.itcAtStake).toFixed(2);
      if (row.category !== 'exact' && !row.decision) entry.open += 1;
    }
    return [...bySupplier.values()].sort((a, b) => new Dec(b.itcAtStake).comparedTo(a.itcAtStake));
  }

  /** UTF-8 with a byte order mark, so spreadsheet programs read supplier names in any script. */
  async csv(gstin: string, period: string, category?: string): Promise<Buffer> {
    const text = stringify(await this.table(gstin, period, category));
    return Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(text, 'utf8')]);
  }

  async xlsx(gstin: string, period: string, category?: string): Promise<Buffer> {
    const [header, ...records] = await this.table(gstin, period, category);
    const workbook = new Workbook();
    const sheet = workbook.addWorksheet(`reconciliation ${period}`);
    sheet.addRow(header).font = { bold: true };
    const amounts = CSV_COLUMNS.map(([key]) => AMOUNT_COLUMNS.has(key));
    for (const record of records) {
      sheet.addRow(record.map((cell, i) => (amounts[i] && isAmount(cell) ? Number(cell) : cell)));
    }
    sheet.columns.forEach((column, i) => {
      column.width = 18;
      if (amounts[i]) column.numFmt = '#,##0.00';
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  /** Header and one row per match, every cell text and neutralised against spreadsheet formulas. */
  private async table(gstin: string, period: string, category?: string): Promise<string[][]> {
    const rows = await this.repository.reportRows(gstin, period, category);
    const records = rows.map((row) => {
      const extended: Record<string, unknown> = {
        ...row,
        differenceText: (row.differences as { field: string; books: string; gstr2b: string }[])
          .map((d) => `${d.field}: ${d.books} (books) / ${d.gstr2b} (2B)`)
          .join('; '),
        explanationText: row.explanation.join('; '),
      };
      return CSV_COLUMNS.map(([key]) => neutraliseFormula(cellText(extended[key])));
    });
    return [CSV_COLUMNS.map(([, header]) => header), ...records];
  }
}

/** A decimal amount as PostgreSQL's numeric prints it (a neutralised cell never is one). */
function isAmount(cell: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(cell);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
