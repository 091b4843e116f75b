/**
 * The report and the supplier statements as files, streamed: rows are read a page at a time and written
 * as they come (CSV through csv-stringify, XLSX through exceljs' streaming WorkbookWriter), so a period of
 * a million matches is exported in the memory of one page. A supplier statement lists what is still open
 * with one supplier (missing on either side, amounts or numbers that differ), with what the accountant
 * asks of the supplier for each row: one file per supplier, or one workbook with a sheet per supplier.
 */
import { PassThrough, type Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { stream as excelStream, type Worksheet } from 'exceljs';
import { RecoReportRepository, type ReportRow } from '../database/repositories';
import { REPORT_COLUMNS, tableRow, workbookRow, type ReportColumn } from './report-table';

/** What a statement asks the supplier, per category. */
const REQUESTS: Record<string, string> = {
  'missing-in-2b':
    'In our books but not in our GSTR-2B: please report it in your GSTR-1/IFF (or tell us it is not yours)',
  'missing-in-books': 'In our GSTR-2B but not in our books: please send us a copy of the document',
  mismatch: 'Amounts or tax differ between your return and our books: please check and amend if needed',
  suggested: 'Number or date differ between your return and our books: please confirm it is one document',
  pan: 'Reported under another GSTIN of your PAN: please confirm the GSTIN billed',
};

const STATEMENT_COLUMNS: ReportColumn[] = [
  ['request', 'What we ask'],
  ['category', 'Status'],
  ['supplierGstin', 'Supplier GSTIN'],
  ['supplierName', 'Supplier name'],
  ['billNumber', 'Bill number (our books)'],
  ['billDate', 'Bill date (our books)'],
  ['purchaseTaxable', 'Taxable (our books)'],
  ['purchaseTax', 'Tax (our books)'],
  ['gstr2bNumber', 'Number (your return)'],
  ['gstr2bDate', 'Date (your return)'],
  ['gstr2bTaxable', 'Taxable (your return)'],
  ['gstr2bTax', 'Tax (your return)'],
  ['itcAtStake', 'Tax credit at stake'],
  ['differenceText', 'Differences'],
];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The statement workbook's sheet for open items whose bill names no supplier GSTIN. */
export const UNNAMED_SUPPLIER_SHEET = 'no supplier GSTIN';

@Injectable()
export class ReconciliationExportService {
  private readonly logger = new Logger('ReconciliationExport');

  constructor(private readonly pages: RecoReportRepository) {}

  /** The report as CSV, UTF-8 with a byte order mark (spreadsheet programs then read any script). */
  reportCsv(gstin: string, period: string, category?: string): Readable {
    return this.csv(REPORT_COLUMNS, this.rows(gstin, period, { category }));
  }

  reportXlsx(gstin: string, period: string, category?: string): Readable {
    return this.xlsx(async (workbook) => {
      await this.sheet(
        workbook,
        `reconciliation ${period}`,
        REPORT_COLUMNS,
        this.rows(gstin, period, { category }),
      );
    });
  }

  /** One supplier's statement as CSV. */
  statementCsv(gstin: string, period: string, supplierGstin: string): Readable {
    return this.csv(STATEMENT_COLUMNS, this.rows(gstin, period, { supplierGstin, openOnly: true }, true));
  }

  /** One supplier's statement, or (no supplier) every supplier with something open, a sheet each. */
  statementXlsx(gstin: string, period: string, supplierGstin?: string): Readable {
    return this.xlsx(async (workbook) => {
      if (supplierGstin) {
        await this.sheet(
          workbook,
          supplierGstin,
          STATEMENT_COLUMNS,
          this.rows(gstin, period, { supplierGstin, openOnly: true }, true),
        );
        return;
      }
      // One pass over the open rows, ordered by supplier: a new sheet when the supplier changes.
      let current: string | undefined;
      let sheet: Worksheet | undefined;
      for await (const cells of this.rows(gstin, period, { openOnly: true }, true)) {
        const supplier = cells[2];
        if (supplier !== current) {
          sheet?.commit();
          current = supplier;
          // Purchases whose bill names no GSTIN have nobody to send them to: a sheet that says so.
          const name = supplier.replace(/^'/, '').slice(0, 31) || UNNAMED_SUPPLIER_SHEET;
          sheet = this.newSheet(workbook, name, STATEMENT_COLUMNS);
        }
        sheet!.addRow(workbookRow(cells, STATEMENT_COLUMNS)).commit();
      }
      sheet?.commit();
    });
  }

  private async *rows(
    gstin: string,
    period: string,
    query: { category?: string; supplierGstin?: string; openOnly?: boolean },
    statement = false,
  ): AsyncGenerator<string[]> {
    const columns = statement ? STATEMENT_COLUMNS : REPORT_COLUMNS;
    for await (const page of this.pages.pages(gstin, period, query)) {
      for (const row of page) yield tableRow(row, columns, statement ? request(row) : undefined);
    }
  }

  private csv(columns: readonly ReportColumn[], rows: AsyncIterable<string[]>): Readable {
    const out = new PassThrough();
    out.write('\ufeff');
    const writer = stringify();
    writer.pipe(out);
    void (async () => {
      try {
        writer.write(columns.map(([, header]) => header));
        for await (const cells of rows) {
          if (!writer.write(cells)) await new Promise((drained) => writer.once('drain', drained));
        }
        writer.end();
      } catch (error) {
        this.logger.warn(`CSV export stopped: ${String(error)}`);
        out.destroy(error as Error);
      }
    })();
    return out;
  }

  private xlsx(write: (workbook: excelStream.xlsx.WorkbookWriter) => Promise<void>): Readable {
    const out = new PassThrough();
    const workbook = new excelStream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    void (async () => {
      try {
        await write(workbook);
        await workbook.commit();
      } catch (error) {
        this.logger.warn(`XLSX export stopped: ${String(error)}`);
        out.destroy(error as Error);
      }
    })();
    return out;
  }

  private newSheet(
    workbook: excelStream.xlsx.WorkbookWriter,
    name: string,
    columns: readonly ReportColumn[],
  ): Worksheet {
    const sheet = workbook.addWorksheet(name);
    sheet.columns = columns.map(([key, header]) => ({
      header,
      width: 18,
      ...(['purchaseTaxable', 'purchaseTax', 'gstr2bTaxable', 'gstr2bTax', 'itcAtStake'].includes(key)
        ? { style: { numFmt: '#,##0.00' } }
        : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    return sheet;
  }

  private async sheet(
    workbook: excelStream.xlsx.WorkbookWriter,
    name: string,
    columns: readonly ReportColumn[],
    rows: AsyncIterable<string[]>,
  ): Promise<void> {
    const sheet = this.newSheet(workbook, name, columns);
    for await (const cells of rows) sheet.addRow(workbookRow(cells, columns)).commit();
    sheet.commit();
  }
}

function request(row: ReportRow): string {
  return REQUESTS[row.category] ?? `Status ${row.category}: please check this document with us`;
}
