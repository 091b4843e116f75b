/**
 * The period's reconciliation as the tax team reads it, one page at a time: totals per category (of the
 * whole period or category, with the input tax credit at stake), a page of matches with the cursor of
 * the next, the unreadable purchases (the first page of them and their count); per supplier.
 */
import { Injectable } from '@nestjs/common';
import { ReconciliationRepository, RecoReportRepository, type SupplierTotal } from '../database/repositories';
import { MATCH_CATEGORIES } from './matching';
import { decodeCursor, encodeCursor } from './report-cursor';
import type { RunSummary } from './reconciliation.service';

export type SupplierSummary = SupplierTotal;

export const DEFAULT_PAGE_SIZE = 500;
export const MAX_PAGE_SIZE = 5000;

export interface ReportPageOptions {
  category?: string;
  limit?: number;
  cursor?: string;
}

@Injectable()
export class ReconciliationReportService {
  constructor(
    private readonly repository: ReconciliationRepository,
    private readonly pages: RecoReportRepository,
  ) {}

  async report(gstin: string, period: string, options: ReportPageOptions = {}) {
    const limit = Math.min(options.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const after = options.cursor ? decodeCursor(options.cursor) : undefined;
    const rows = await this.pages.page(gstin, period, {
      category: options.category,
      limit: limit + 1,
      after,
    });
    const matches = rows.slice(0, limit);
    const [lastRun] = await this.repository.runs({ gstin, period, limit: 1 });
    const totals = await this.pages.categoryTotals(gstin, period, options.category);
    const categories: RunSummary['categories'] = {};
    for (const category of MATCH_CATEGORIES) categories[category] = { count: 0, itcAtStake: '0.00' };
    for (const total of totals)
      categories[total.category] = { count: total.count, itcAtStake: total.itcAtStake };
    const unreadableTotal = await this.pages.unreadableCount(gstin, period);
    // The unreadable purchases come with the first page only; the rest by `/unreadable` pages.
    const unreadable = after ? [] : await this.pages.unreadablePage(gstin, period, DEFAULT_PAGE_SIZE);
    return {
      gstin,
      period,
      lastRun: lastRun ?? null,
      categories,
      unreadablePurchases: unreadable.map((p) => ({
        id: p.id,
        erpId: p.erpId,
        supplierGstin: p.supplierGstin,
        billNumber: p.billNumber,
        billDate: p.billDate,
        fieldErrors: p.fieldErrors,
      })),
      page: {
        limit,
        total: totals.reduce((sum, t) => sum + t.count, 0),
        unreadableTotal,
        nextCursor: rows.length > limit ? encodeCursor(matches[matches.length - 1]) : null,
      },
      matches,
    };
  }

  /** Per supplier (most ITC at stake first); `openOnly`: suppliers with something still to settle. */
  suppliers(gstin: string, period: string, openOnly = false): Promise<SupplierSummary[]> {
    return this.pages.supplierTotals(gstin, period, openOnly);
  }

  /** The runs (scheduled, operator, import), newest first, optionally of one GSTIN and period. */
  runs(filter: { gstin?: string; period?: string; limit?: number }) {
    return this.repository.runs(filter);
  }
}
