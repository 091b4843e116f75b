/** A seeded period's GSTR-2B as GSTN writes it: {chksum, data: {gstin, rtnprd, version, gendt, itcsumm, cpsumm, docdata}}. */
import { createHash } from 'node:crypto';
import type { SeededPeriod } from './seeded-purchase-book';

interface Heads {
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

const zero = (): Heads => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
const add = (total: Heads, item: Record<string, unknown>): void => {
  for (const head of ['igst', 'cgst', 'sgst', 'cess'] as const) {
    total[head] = Math.round((total[head] + Number(item[head] ?? 0)) * 100) / 100;
  }
};

function documentsOf(entry: Record<string, unknown>): Record<string, unknown>[] {
  return (
    (entry.inv ?? entry.nt ?? entry.doclist ?? entry.boe ?? [entry]) as Record<string, unknown>[]
  ).flatMap((doc) => (Array.isArray(doc.items) ? (doc.items as Record<string, unknown>[]) : [doc]));
}

export function gstr2bData(
  seed: SeededPeriod,
  generatedOn: string,
  docdata = seed.docdata,
): Record<string, unknown> {
  const sections: Record<string, Heads> = {};
  const cpsumm: Record<string, unknown[]> = {};
  for (const [section, entries] of Object.entries(docdata)) {
    const total = (sections[section] = zero());
    for (const entry of entries as Record<string, unknown>[]) {
      const supplierTotal = zero();
      for (const item of documentsOf(entry)) {
        add(total, item);
        add(supplierTotal, item);
      }
      if (typeof entry.ctin === 'string') {
        (cpsumm[section] ??= []).push({
          ctin: entry.ctin,
          trdnm: entry.trdnm,
          supprd: entry.supprd,
          supfildt: entry.supfildt,
          ttldocs: ((entry.inv ?? entry.nt ?? entry.doclist ?? entry.boe ?? []) as unknown[]).length,
          ...supplierTotal,
        });
      }
    }
  }
  const nonrevsup = zero();
  for (const section of ['b2b', 'b2ba', 'cdnr'])
    if (sections[section]) add(nonrevsup, sections[section] as unknown as Record<string, unknown>);
  return {
    gstin: seed.gstin,
    rtnprd: seed.period,
    version: '1.0',
    gendt: generatedOn,
    itcsumm: {
      itcavl: {
        nonrevsup: {
          ...nonrevsup,
          b2b: sections.b2b ?? zero(),
          b2ba: sections.b2ba ?? zero(),
          cdnr: sections.cdnr ?? zero(),
        },
        isdsup: { ...(sections.isd ?? zero()), isd: sections.isd ?? zero() },
        imports: { ...(sections.impg ?? zero()), impg: sections.impg ?? zero() },
      },
    },
    cpsumm,
    docdata,
  };
}

export function checksum(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 40);
}
