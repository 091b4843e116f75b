/**
 * The IRP's day: GETREJECTEDIRNS takes an IST calendar day as dd/mm/yyyy. Operators may also give the
 * ISO form (yyyy-mm-dd); both name the same day.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

export interface IrpDay {
  /** dd/mm/yyyy, as the IRP takes it. */
  nic: string;
  /** yyyy-mm-dd. */
  iso: string;
}

/** The day a `date` parameter names, or a message saying which rule it broke. */
export function parseIrpDay(value: unknown): IrpDay | { error: string } {
  const text = typeof value === 'string' ? value.trim() : '';
  const nic = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [day, month, year] = nic ? [nic[1], nic[2], nic[3]] : iso ? [iso[3], iso[2], iso[1]] : [];
  if (!day || !month || !year || !isCalendarDay(Number(year), Number(month), Number(day))) {
    return {
      error: `date: ${JSON.stringify(value ?? null)} is not a calendar day as dd/mm/yyyy or yyyy-mm-dd`,
    };
  }
  return { nic: `${day}/${month}/${year}`, iso: `${year}-${month}-${day}` };
}

/** The IST day `daysBack` days before the one containing `nowMs`. */
export function istDay(nowMs: number, daysBack = 0): IrpDay {
  const shifted = new Date(nowMs + IST_OFFSET_MS - daysBack * 86_400_000);
  const iso = shifted.toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { nic: `${day}/${month}/${year}`, iso };
}

/** dd/mm/yyyy (NIC's DocDt) as yyyy-mm-dd; undefined when it is not one. */
export function isoOfNicDate(nic: string): string | undefined {
  const day = parseIrpDay(nic);
  return 'error' in day ? undefined : day.iso;
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
