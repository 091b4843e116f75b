/**
 * Operator overrides: `{ "buyer.gstin": "29AAB...", "lines[1].hsnCode": "8471" }` set on a copy of the
 * canonical invoice. Paths are canonical paths: a field error names its canonical source (canonicalPath)
 * where the failing field belongs to a regime's payload, and is one itself otherwise. See override-check.
 * A path that is not a canonical field is never followed (see override-path): stored overrides were
 * checked when entered, so meeting one here is a defect, reported loudly rather than skipped.
 */
import type { CanonicalInvoice } from '../domain';
import { readOverridePath } from './override-path';

export function applyOverrides(
  invoice: CanonicalInvoice,
  overrides: Record<string, unknown>,
): CanonicalInvoice {
  const copy = structuredClone(invoice) as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(overrides)) {
    const read = readOverridePath(path);
    if (!read.ok)
      throw new Error(`override path ${JSON.stringify(path.slice(0, 80))} refused: ${read.problem}`);
    const { segments } = read;
    let target: Record<string | number, unknown> = copy;
    for (const [i, segment] of segments.entries()) {
      if (i === segments.length - 1) {
        if (value === null) delete target[segment];
        else target[segment] = value;
        break;
      }
      const next = target[segment];
      if (next === null || typeof next !== 'object')
        target[segment] = typeof segments[i + 1] === 'number' ? [] : {};
      target = target[segment] as Record<string | number, unknown>;
    }
  }
  return copy as unknown as CanonicalInvoice;
}
