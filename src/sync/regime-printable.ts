/**
 * A regime's printable invoice: each regime that prints one binds a `RegimePrintable` (its plugin's
 * `printable`), and the console's print routes take the one of the submission's regime from
 * `REGIME_PRINTABLES`. Read from what was registered, never from the ERP's current data.
 */
import type { Provider } from '@nestjs/common';
import type { PrintableInvoice, RegimePlugin } from '../compliance';
import type { SubmissionRecord } from './submission-records.service';

export interface RegimePrintable {
  /** The registered submission laid out for printing; a ConflictException when it holds too little. */
  printable(submission: SubmissionRecord): Promise<PrintableInvoice>;
}

/** ReadonlyMap<regime name, RegimePrintable> of the regimes that print. */
export const REGIME_PRINTABLES = Symbol('REGIME_PRINTABLES');
export type RegimePrintables = ReadonlyMap<string, RegimePrintable>;

/** Each printing regime's RegimePrintable as a provider, and the map of them by regime name. */
export function regimePrintableProviders(plugins: readonly RegimePlugin[]): Provider[] {
  const printing = plugins.flatMap((plugin) =>
    plugin.printable ? [{ regime: plugin.descriptor.name, type: plugin.printable }] : [],
  );
  return [
    ...printing.map((p) => p.type),
    {
      provide: REGIME_PRINTABLES,
      useFactory: (...printables: RegimePrintable[]): RegimePrintables =>
        new Map(printing.map((p, i) => [p.regime, printables[i]])),
      inject: printing.map((p) => p.type),
    },
  ];
}
