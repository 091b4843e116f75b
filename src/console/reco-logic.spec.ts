import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { CONSOLE_WEB_DIR } from './assets';

interface Match {
  id: string;
  purchaseId: string | null;
  gstr2bId: string | null;
  billNumber: string | null;
  gstr2bNumber: string | null;
}

type Body = { ok: true; body: Record<string, unknown> } | { ok: false; errors: string[] };

interface RecoLogic {
  selectionErrors(gstin: string, period: string): string[];
  reportPath(gstin: string, period: string, category?: string): string;
  exportPath(gstin: string, period: string, format: string, category?: string): string;
  totalsOf(categories: Record<string, { count: number; itcAtStake: string }>): {
    rows: { category: string; count: number; itcAtStake: string }[];
    total: { category: string; count: number; itcAtStake: string };
  };
  actionBody(action: string, selected: Match[], operator: string, reason: string): Body;
  linkBody(selected: Match[], operator: string, reason: string): Body;
  periodChoices(gstins: Configured[], gstin: string): string[];
  defaultSelection(gstins: Configured[]): { gstin: string; period: string } | null;
}

interface Configured {
  gstin: string;
  connector: string;
  latestGeneratedPeriod: string;
  periods: { period: string; state: string; startedAt: string; finishedAt: string | null }[];
}

/** The served file itself, evaluated as the browser does (a classic script defining a global). */
const L = runInNewContext(
  `${readFileSync(join(CONSOLE_WEB_DIR, 'reco-logic.js'), 'utf8')}; RecoLogic`,
  {},
) as RecoLogic;

const pair: Match = { id: 'p1', purchaseId: 'pu1', gstr2bId: 'g1', billNumber: 'B1', gstr2bNumber: 'B1' };
const bookOnly: Match = { id: 'b1', purchaseId: 'pu2', gstr2bId: null, billNumber: 'B2', gstr2bNumber: null };
const twoBOnly: Match = { id: 't1', purchaseId: null, gstr2bId: 'g2', billNumber: null, gstr2bNumber: 'X9' };

describe('console reconciliation logic', () => {
  it('checks GSTIN and period before asking the service', () => {
    expect(L.selectionErrors('29AABCT1332L1ZT', '102026')).toEqual([]);
    expect(L.selectionErrors('29AABCT', '2026-10')).toEqual([
      'GSTIN must be 15 characters (e.g. 29AABCT1332L1ZT)',
      'period must be MMYYYY (e.g. 102026)',
    ]);
  });

  it('builds report and export paths', () => {
    expect(L.reportPath('29AABCT1332L1ZT', '102026')).toBe('/reconciliation/29AABCT1332L1ZT/102026');
    expect(L.reportPath('29AABCT1332L1ZT', '102026', 'missing-in-2b')).toBe(
      '/reconciliation/29AABCT1332L1ZT/102026?category=missing-in-2b',
    );
    expect(L.exportPath('29AABCT1332L1ZT', '102026', 'xlsx')).toBe(
      '/reconciliation/29AABCT1332L1ZT/102026/export.xlsx',
    );
  });

  it('totals categories in a fixed order, summing amounts exactly', () => {
    const totals = L.totalsOf({
      'missing-in-books': { count: 1, itcAtStake: '0.10' },
      exact: { count: 2, itcAtStake: '0.20' },
      suggested: { count: 1, itcAtStake: '1234567.05' },
    });
    expect(totals.rows.map((r) => r.category)).toEqual(['exact', 'suggested', 'missing-in-books']);
    // 0.1 + 0.2 in floating point is 0.30000000000000004.
    expect(totals.total).toEqual({ category: 'total', count: 4, itcAtStake: '1234567.35' });
  });

  it('asks for an operator and a selection, and unlinks pairs only', () => {
    expect(L.actionBody('accept', [], '', '')).toEqual({
      ok: false,
      errors: ['operator name is required (1-100 characters)', 'select at least one row'],
    });
    expect(L.actionBody('accept', [pair, bookOnly], ' asha ', '')).toEqual({
      ok: true,
      body: { operator: 'asha', action: 'accept', matchIds: ['p1', 'b1'] },
    });
    expect(L.actionBody('unlink', [bookOnly], 'asha', '')).toEqual({
      ok: false,
      errors: ['only pairs can be unlinked; B2 is one document'],
    });
  });

  it('links one purchase missing in 2B with one 2B document missing in the books', () => {
    expect(L.linkBody([bookOnly, twoBOnly], 'asha', 'same bill')).toEqual({
      ok: true,
      body: { operator: 'asha', reason: 'same bill', purchaseId: 'pu2', gstr2bId: 'g2' },
    });
    expect(L.linkBody([pair, twoBOnly], 'asha', '').ok).toBe(false);
    expect(L.linkBody([bookOnly], 'asha', '').ok).toBe(false);
  });

  it('offers the configured GSTINs and their periods: the newest 2B first until it has a run', () => {
    const run = (period: string) => ({ period, state: 'completed', startedAt: '', finishedAt: null });
    const fresh: Configured = {
      gstin: '29AAACW4202F1ZM',
      connector: 'sandbox-purchases',
      latestGeneratedPeriod: '102026',
      periods: [],
    };
    const reconciled: Configured = {
      gstin: '27AABCT1332L1ZT',
      connector: 'books',
      latestGeneratedPeriod: '102026',
      periods: [run('092026'), run('122025')],
    };
    expect(L.defaultSelection([])).toBeNull();
    expect(L.defaultSelection([fresh, reconciled])).toEqual({ gstin: '29AAACW4202F1ZM', period: '102026' });
    expect(L.defaultSelection([reconciled])).toEqual({ gstin: '27AABCT1332L1ZT', period: '092026' });
    expect(L.periodChoices([fresh, reconciled], '27AABCT1332L1ZT')).toEqual(['102026', '092026', '122025']);
    expect(
      L.periodChoices([{ ...reconciled, periods: [run('102026'), run('092026')] }], '27AABCT1332L1ZT'),
    ).toEqual(['102026', '092026']);
    expect(L.periodChoices([fresh], '29AABCT1332L1ZT')).toEqual([]);
  });
});
