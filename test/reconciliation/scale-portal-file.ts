/** Portal GSTR-2B files of any size for the scale suites (shaped as GSTN's b2b and b2ba sections). */
import { RECO_GSTIN, RECO_PERIOD } from './reco-app';

export function supplierGstin(s: number): string {
  return `29AAB${String.fromCharCode(65 + (s % 26))}${String.fromCharCode(65 + (Math.floor(s / 26) % 26))}${String(s).padStart(4, '0')}Z1Z${s % 10}`;
}

/** A portal file of `suppliers` x `perSupplier` b2b invoices, with one b2ba amending the first. */
export function portalFile(suppliers: number, perSupplier: number): string {
  const b2b = Array.from({ length: suppliers }, (_, s) => ({
    ctin: supplierGstin(s),
    trdnm: `Supplier ${s}`,
    supprd: RECO_PERIOD,
    supfildt: '11-11-2026',
    inv: Array.from({ length: perSupplier }, (_, i) => ({
      inum: `S${s}/INV/${i}`,
      typ: 'R',
      dt: `${String(1 + (i % 28)).padStart(2, '0')}-10-2026`,
      val: 1180.5,
      pos: '29',
      rev: 'N',
      itcavl: 'Y',
      items: [{ num: 1, rt: 18, txval: 1000.42, igst: 180.08, cgst: 0, sgst: 0, cess: 0 }],
    })),
  }));
  const b2ba = [
    {
      ctin: b2b[0].ctin,
      trdnm: b2b[0].trdnm,
      supprd: RECO_PERIOD,
      inv: [{ ...b2b[0].inv[0], inum: 'S0/INV/0-A', oinum: 'S0/INV/0', oidt: b2b[0].inv[0].dt }],
    },
  ];
  return JSON.stringify(
    {
      chksum: 'abc',
      data: {
        gstin: RECO_GSTIN,
        rtnprd: RECO_PERIOD,
        version: '1.0',
        gendt: '14-11-2026',
        docdata: { b2b, b2ba },
      },
    },
    null,
    1,
  );
}
