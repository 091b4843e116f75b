/** The return periods each GSTIN has reconciliation runs of, with the newest run of each. */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface RecoPeriod {
  gstin: string;
  /** MMYYYY */
  period: string;
  /** The newest run's state: running, completed or failed. */
  state: string;
  startedAt: Date;
  finishedAt: Date | null;
}

@Injectable()
export class RecoPeriodRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The periods of these GSTINs with a run, newest period first (MMYYYY: by year, then month). */
  async periodsOf(gstins: readonly string[]): Promise<RecoPeriod[]> {
    if (gstins.length === 0) return [];
    return this.dataSource.query(
      `SELECT gstin, period, state, "startedAt", "finishedAt" FROM (
         SELECT DISTINCT ON (gstin, period) gstin, period, state,
           started_at AS "startedAt", finished_at AS "finishedAt"
         FROM reco_run WHERE gstin = ANY($1::text[])
         ORDER BY gstin, period, started_at DESC) newest
       ORDER BY gstin, substr(period, 3, 4) DESC, substr(period, 1, 2) DESC`,
      [gstins],
    );
  }
}
