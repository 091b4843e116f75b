/**
 * `reco run|report|export <gstin> <period>`: the GSTR-2B reconciliation of one GSTIN and return period
 * (MMYYYY) against the purchase books. `run` fetches 2B, pulls the purchases and reconciles (operator
 * decisions are kept); `report` shows categories with the input tax credit at stake, and with `--rows`
 * every verdict; `export` writes the verdicts as CSV or XLSX.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  RECO_CATEGORIES,
  type RecoCategory,
  type RecoCategoryTotal,
  type RecoMatch,
  type RecoReport,
} from '../api-types';
import type { CliContext } from '../context';
import { CliError } from '../cli-error';
import { ExitCode } from '../io';
import { formatTable } from '../table';
import { Dec } from '../../domain';
import { addJsonOption } from './options';

const GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;
const PERIOD = /^(0[1-9]|1[0-2])\d{4}$/;

export function gstinArgument(value: string): string {
  const gstin = value.trim().toUpperCase();
  if (!GSTIN.test(gstin)) throw new InvalidArgumentError(`not a 15-character GSTIN: ${value}`);
  return gstin;
}

export function periodArgument(value: string): string {
  if (!PERIOD.test(value.trim())) throw new InvalidArgumentError(`not a return period MMYYYY: ${value}`);
  return value.trim();
}

/** Categories with count and ITC at stake, and a total line. */
export function formatCategories(categories: Record<string, RecoCategoryTotal>): string {
  const rows = Object.entries(categories).map(([category, total]) => ({ category, ...total }));
  const total = rows.reduce(
    (sum, r) => ({ count: sum.count + r.count, itcAtStake: new Dec(sum.itcAtStake).plus(r.itcAtStake) }),
    { count: 0, itcAtStake: new Dec(0) },
  );
  rows.push({ category: 'total', count: total.count, itcAtStake: total.itcAtStake.toFixed(2) });
  return formatTable(
    [
      { header: 'CATEGORY', value: (r: (typeof rows)[number]) => r.category },
      { header: 'DOCUMENTS', value: (r: (typeof rows)[number]) => r.count, align: 'right' },
      { header: 'ITC AT STAKE', value: (r: (typeof rows)[number]) => r.itcAtStake, align: 'right' },
    ],
    rows,
  );
}

export function formatMatches(matches: readonly RecoMatch[]): string {
  return formatTable(
    [
      { header: 'CATEGORY', value: (m: RecoMatch) => m.category },
      { header: 'SUPPLIER', value: (m: RecoMatch) => m.supplierGstin },
      { header: 'BILL (BOOKS)', value: (m: RecoMatch) => m.billNumber, maxWidth: 24 },
      { header: '2B', value: (m: RecoMatch) => (m.gstr2bNumber ? `${m.section}:${m.gstr2bNumber}` : null) },
      { header: 'TAX BOOKS', value: (m: RecoMatch) => m.purchaseTax, align: 'right' },
      { header: 'TAX 2B', value: (m: RecoMatch) => m.gstr2bTax, align: 'right' },
      { header: 'ITC AT STAKE', value: (m: RecoMatch) => m.itcAtStake, align: 'right' },
      { header: 'DECISION', value: (m: RecoMatch) => m.decision },
      { header: 'WHY', value: (m: RecoMatch) => m.explanation.join('; '), maxWidth: 60 },
      { header: 'MATCH', value: (m: RecoMatch) => m.id },
    ],
    matches,
  );
}

function formatReport(report: RecoReport, withRows: boolean): string {
  const run = report.lastRun;
  const lines = [
    `${report.gstin} ${report.period}: ${
      run ? `last run ${run.state} (${run.trigger}, ${String(run.startedAt)})` : 'never run'
    }`,
    formatCategories(report.categories).trimEnd(),
  ];
  if (report.unreadablePurchases.length > 0) {
    lines.push(`${report.unreadablePurchases.length} purchase(s) in the books could not be read:`);
    for (const p of report.unreadablePurchases)
      lines.push(`  ${p.erpId}: ${(p.fieldErrors ?? []).map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  }
  if (withRows && report.matches.length > 0) lines.push('', formatMatches(report.matches).trimEnd());
  return lines.join('\n');
}

const categoryOption = () =>
  new Option('--category <category>', 'only this category').choices([...RECO_CATEGORIES]);

export function recoCommand(ctx: CliContext): Command {
  const command = new Command('reco').description(
    'GSTR-2B reconciliation against the purchase books: run, report, export',
  );
  command.addCommand(
    addJsonOption(
      new Command('run')
        .description('fetch GSTR-2B, pull the purchase books and reconcile now (operator decisions are kept)')
        .argument('<gstin>', 'recipient GSTIN', gstinArgument)
        .argument('<period>', 'return period MMYYYY', periodArgument)
        .requiredOption('--operator <name>', 'who is acting (audited)'),
    ).action(
      async (gstin: string, period: string, options: { operator: string; json?: boolean }, sub: Command) => {
        const answer = await ctx.client(sub).runReconciliation(gstin, period, options.operator);
        const { summary } = answer;
        if (answer.skipped !== undefined || !summary) {
          ctx.fail(ExitCode.failed);
          if (options.json) return ctx.printJson(answer);
          return ctx.note(`not run: ${answer.skipped ?? 'the service gave no summary'}`);
        }
        if (options.json) return ctx.printJson(answer);
        ctx.print(
          `${gstin} ${period}: ${summary.gstr2bDocuments} GSTR-2B document(s), ${summary.purchases} purchase(s)` +
            (summary.unreadablePurchases > 0 ? ` (${summary.unreadablePurchases} unreadable)` : ''),
        );
        ctx.print(formatCategories(summary.categories));
        ctx.print(`now: reco report ${gstin} ${period} --rows`);
      },
    ),
  );
  command.addCommand(
    addJsonOption(
      new Command('report')
        .description('categories with the input tax credit at stake; --rows lists every verdict')
        .argument('<gstin>', 'recipient GSTIN', gstinArgument)
        .argument('<period>', 'return period MMYYYY', periodArgument)
        .addOption(categoryOption())
        .option('--rows', 'list every verdict (document or pair) with its match id'),
    ).action(
      async (
        gstin: string,
        period: string,
        options: { category?: RecoCategory; rows?: boolean; json?: boolean },
        sub: Command,
      ) => {
        const client = ctx.client(sub);
        const report = await client.reconciliationReport(gstin, period, options.category, {
          limit: options.rows || options.json ? 5000 : 1,
        });
        // Every verdict: the report comes in pages; they are read one after another.
        for (let cursor = report.page.nextCursor; (options.rows || options.json) && cursor;) {
          const next = await client.reconciliationReport(gstin, period, options.category, {
            limit: 5000,
            cursor,
          });
          report.matches.push(...next.matches);
          cursor = next.page.nextCursor;
        }
        report.page.nextCursor = null;
        // Nothing to report is not a report: scripts waiting for a reconciliation see it failed.
        if (!report.lastRun && report.matches.length === 0) ctx.fail(ExitCode.failed);
        if (options.json) return ctx.printJson(report);
        ctx.print(formatReport(report, options.rows === true));
        if (!report.lastRun && report.matches.length === 0)
          ctx.note(
            `no reconciliation of ${gstin} for ${period} yet: reco run ${gstin} ${period} --operator <name>`,
          );
      },
    ),
  );
  command.addCommand(
    new Command('export')
      .description(
        'write the verdicts as a CSV or XLSX file (cells neutralised against spreadsheet formulas)',
      )
      .argument('<gstin>', 'recipient GSTIN', gstinArgument)
      .argument('<period>', 'return period MMYYYY', periodArgument)
      .addOption(new Option('--format <format>', 'file format').choices(['csv', 'xlsx']).default('csv'))
      .addOption(categoryOption())
      .option('--out <file>', 'file name (default reconciliation-<gstin>-<period>.<format>)')
      .action(
        async (
          gstin: string,
          period: string,
          options: { format: 'csv' | 'xlsx'; category?: RecoCategory; out?: string },
          sub: Command,
        ) => {
          const client = ctx.client(sub);
          // An empty file would read as "nothing wrong": say there is nothing to export instead.
          const first = await client.reconciliationReport(gstin, period, options.category, { limit: 1 });
          const rows = first.page.total + first.page.unreadableTotal;
          if (rows === 0) {
            const what = options.category ? `no ${options.category} verdicts` : 'no verdicts';
            const why = first.lastRun
              ? `last run ${first.lastRun.state}`
              : 'no run yet: reco run or reco import first';
            throw new CliError(`nothing to export for ${gstin} ${period}: ${what} (${why})`, ExitCode.failed);
          }
          const body = await client.exportReconciliation(gstin, period, options.format, options.category);
          const file = resolve(
            ctx.io.cwd,
            options.out ?? `reconciliation-${gstin}-${period}.${options.format}`,
          );
          writeFileSync(file, body);
          ctx.print(`wrote ${file}`);
        },
      ),
  );
  command.addCommand(
    new Command('statement')
      .description(
        'supplier follow-up: what is missing or mismatched per supplier, to send them (CSV: one file per supplier; XLSX: one sheet per supplier)',
      )
      .argument('<gstin>', 'recipient GSTIN', gstinArgument)
      .argument('<period>', 'return period MMYYYY', periodArgument)
      .option('--supplier <gstin>', 'only this supplier', gstinArgument)
      .addOption(new Option('--format <format>', 'file format').choices(['csv', 'xlsx']).default('xlsx'))
      .option('--out <path>', 'file (one supplier, or XLSX) or folder (CSV of every supplier)')
      .action(
        async (
          gstin: string,
          period: string,
          options: { supplier?: string; format: 'csv' | 'xlsx'; out?: string },
          sub: Command,
        ) => {
          const client = ctx.client(sub);
          if (options.supplier || options.format === 'xlsx') {
            const body = await client.supplierStatement(gstin, period, options.format, options.supplier);
            const file = resolve(
              ctx.io.cwd,
              options.out ??
                (options.supplier
                  ? `statement-${options.supplier}-${period}.${options.format}`
                  : `supplier-statements-${gstin}-${period}.xlsx`),
            );
            writeFileSync(file, body);
            ctx.print(`wrote ${file}`);
            return;
          }
          const folder = resolve(ctx.io.cwd, options.out ?? `supplier-statements-${gstin}-${period}`);
          mkdirSync(folder, { recursive: true });
          const open = await client.reconciliationSuppliers(gstin, period, true);
          // Purchases whose bill names no supplier GSTIN have nobody to send a statement to.
          const suppliers = open.filter((supplier) => supplier.supplierGstin !== '');
          const unnamed = open.filter((supplier) => supplier.supplierGstin === '');
          if (unnamed.length > 0)
            ctx.note(
              `${unnamed.reduce((n, s) => n + s.open, 0)} open item(s) name no supplier GSTIN and are in no statement: see reco report ${gstin} ${period} --rows`,
            );
          for (const supplier of suppliers) {
            const body = await client.supplierStatement(gstin, period, 'csv', supplier.supplierGstin);
            writeFileSync(join(folder, `statement-${supplier.supplierGstin}-${period}.csv`), body);
          }
          ctx.print(`wrote ${suppliers.length} statement(s) to ${folder}`);
        },
      ),
  );
  return command;
}
