/**
 * Company, ledger and stock item masters as the normaliser needs them. TallyPrime 3 keeps a party's GST
 * registration and mailing address as dated sub-lists (LEDGSTREGDETAILS.LIST, LEDMAILINGDETAILS.LIST): the
 * entry applicable on the voucher date wins; older data has flat fields (PARTYGSTIN, ADDRESS.LIST, ...).
 */
import { type Decimal, dec } from '../../domain';
import { FixedPoint } from '../../domain/decimal';
import { childText, childrenNamed, listTexts, type TallyNode } from './xml/tally-node';
import { meaningful, parseTallyDate } from './tally-values';

export interface CompanyInfo {
  name: string;
  guid: string;
  booksFrom?: string;
  lastVoucherDate?: string;
  /** Last voucher AlterID of the company (the incremental-sync high-water mark). */
  lastVoucherAlterId: number;
  lastMasterAlterId: number;
  gstin: string;
  stateName: string;
  pincode: string;
  countryName: string;
  address: string[];
  email: string;
  phone: string;
}

export function readCompany(node: TallyNode): CompanyInfo {
  return {
    name: node.attrs.NAME ?? childText(node, 'NAME'),
    guid: childText(node, 'GUID'),
    booksFrom:
      parseTallyDate(childText(node, 'BOOKSFROM')) ?? parseTallyDate(childText(node, 'STARTINGFROM')),
    lastVoucherDate: parseTallyDate(childText(node, 'LASTVOUCHERDATE')),
    lastVoucherAlterId: readInt(childText(node, 'ALTVCHID')),
    lastMasterAlterId: readInt(childText(node, 'ALTMSTID')),
    gstin: childText(node, 'GSTREGISTRATIONNUMBER').toUpperCase(),
    stateName: meaningful(childText(node, 'STATENAME')),
    pincode: childText(node, 'PINCODE'),
    countryName: meaningful(childText(node, 'COUNTRYNAME')) || 'India',
    address: listTexts(node, 'ADDRESS.LIST', 'ADDRESS'),
    email: childText(node, 'EMAIL'),
    phone: childText(node, 'PHONENUMBER'),
  };
}

export function readInt(text: string): number {
  const value = parseInt(text.trim(), 10);
  return Number.isFinite(value) ? value : 0;
}

interface Dated<T> {
  from?: string;
  value: T;
}

export interface GstRegistration {
  gstin: string;
  registrationType: string;
  placeOfSupply: string;
}

export interface MailingDetails {
  mailingName: string;
  address: string[];
  stateName: string;
  countryName: string;
  pincode: string;
}

/** GST facts of a stock item or ledger: HSN/SAC and integrated rate, dated. */
export interface GstDetails {
  hsn: string;
  /** Integrated (total) GST rate, percent. */
  rate?: FixedPoint;
  cessRate?: FixedPoint;
  taxability: string;
}

export interface LedgerMaster {
  name: string;
  parent: string;
  taxType: string;
  gstDutyHead: string;
  rateOfTax?: Decimal;
  registrations: Dated<GstRegistration>[];
  mailing: Dated<MailingDetails>[];
  gst: Dated<GstDetails>[];
  email: string;
  phone: string;
}

export interface StockItemMaster {
  name: string;
  baseUnits: string;
  description: string;
  gst: Dated<GstDetails>[];
}

export function readLedger(node: TallyNode): LedgerMaster {
  const flatRegistration: GstRegistration = {
    gstin: childText(node, 'PARTYGSTIN').toUpperCase(),
    registrationType: meaningful(childText(node, 'GSTREGISTRATIONTYPE')),
    placeOfSupply: meaningful(childText(node, 'LEDSTATENAME')),
  };
  const flatMailing: MailingDetails = {
    mailingName: childText(node, 'MAILINGNAME'),
    address: listTexts(node, 'ADDRESS.LIST', 'ADDRESS'),
    stateName: meaningful(childText(node, 'LEDSTATENAME')),
    countryName: meaningful(childText(node, 'COUNTRYNAME')),
    pincode: childText(node, 'PINCODE'),
  };
  const registrations = childrenNamed(node, 'LEDGSTREGDETAILS.LIST').map((entry) => ({
    from: parseTallyDate(childText(entry, 'APPLICABLEFROM')),
    value: {
      gstin: childText(entry, 'GSTIN').toUpperCase(),
      registrationType: meaningful(childText(entry, 'GSTREGISTRATIONTYPE')),
      placeOfSupply: meaningful(childText(entry, 'PLACEOFSUPPLY') || childText(entry, 'STATE')),
    },
  }));
  const mailing = childrenNamed(node, 'LEDMAILINGDETAILS.LIST').map((entry) => ({
    from: parseTallyDate(childText(entry, 'APPLICABLEFROM')),
    value: {
      mailingName: childText(entry, 'MAILINGNAME'),
      address: listTexts(entry, 'ADDRESS.LIST', 'ADDRESS'),
      stateName: meaningful(childText(entry, 'STATE') || childText(entry, 'STATENAME')),
      countryName: meaningful(childText(entry, 'COUNTRY') || childText(entry, 'COUNTRYNAME')),
      pincode: childText(entry, 'PINCODE'),
    },
  }));
  const rateText = childText(node, 'RATEOFTAXCALCULATION');
  return {
    name: node.attrs.NAME ?? childText(node, 'NAME'),
    parent: meaningful(childText(node, 'PARENT')),
    taxType: meaningful(childText(node, 'TAXTYPE')),
    gstDutyHead: meaningful(childText(node, 'GSTDUTYHEAD')),
    rateOfTax: /^\s*\d+(\.\d+)?\s*$/.test(rateText) ? dec(rateText) : undefined,
    registrations:
      flatRegistration.gstin || registrations.length === 0
        ? [{ value: flatRegistration }, ...registrations]
        : registrations,
    mailing:
      flatMailing.address.length > 0 || mailing.length === 0 ? [{ value: flatMailing }, ...mailing] : mailing,
    gst: readGstDetails(node),
    email: childText(node, 'EMAIL'),
    phone: childText(node, 'LEDGERMOBILE'),
  };
}

export function readStockItem(node: TallyNode): StockItemMaster {
  return {
    name: node.attrs.NAME ?? childText(node, 'NAME'),
    baseUnits: meaningful(childText(node, 'BASEUNITS')),
    description: childText(node, 'DESCRIPTION'),
    gst: readGstDetails(node),
  };
}

function readGstDetails(node: TallyNode): Dated<GstDetails>[] {
  return childrenNamed(node, 'GSTDETAILS.LIST').map((entry) => {
    let rate: FixedPoint | undefined;
    let cessRate: FixedPoint | undefined;
    for (const state of childrenNamed(entry, 'STATEWISEDETAILS.LIST')) {
      for (const detail of childrenNamed(state, 'RATEDETAILS.LIST')) {
        const head = childText(detail, 'GSTRATEDUTYHEAD').toLowerCase();
        const text = childText(detail, 'GSTRATE');
        if (!/^\d+(\.\d+)?$/.test(text)) continue;
        if (head === 'igst' || head === 'integrated tax') rate = FixedPoint.of(text);
        if (head === 'cess') cessRate = FixedPoint.of(text);
      }
    }
    return {
      from: parseTallyDate(childText(entry, 'APPLICABLEFROM')),
      value: {
        hsn: childText(entry, 'HSNCODE') || childText(entry, 'HSN'),
        rate,
        cessRate,
        taxability: meaningful(childText(entry, 'TAXABILITY')),
      },
    };
  });
}

/**
 * The entry in force on `date`: the latest one whose APPLICABLEFROM is on or before it. Undated entries
 * (flat legacy fields) apply from the beginning of time.
 */
export function applicableOn<T>(entries: readonly Dated<T>[], date: string | undefined): T | undefined {
  let best: Dated<T> | undefined;
  for (const entry of entries) {
    if (date !== undefined && entry.from !== undefined && entry.from > date) continue;
    if (!best || (entry.from ?? '') >= (best.from ?? '')) best = entry;
  }
  return best?.value ?? entries[0]?.value;
}

/** A TallyPrime 3 GST registration master (one per GSTIN of a company registered in several states). */
export interface GstRegistrationMaster {
  name: string;
  gstin: string;
  stateName: string;
}

export function readGstRegistration(node: TallyNode): GstRegistrationMaster {
  return {
    name: node.attrs.NAME ?? childText(node, 'NAME'),
    gstin: (childText(node, 'GSTREGNUMBER') || childText(node, 'GSTIN')).toUpperCase(),
    stateName: meaningful(childText(node, 'STATENAME') || childText(node, 'STATE')),
  };
}

/** Ledger and stock item look-ups by name (Tally names are case-insensitive). */
export class MasterIndex {
  private readonly ledgers = new Map<string, LedgerMaster>();
  private readonly items = new Map<string, StockItemMaster>();
  private readonly registrations: GstRegistrationMaster[] = [];

  addGstRegistration(registration: GstRegistrationMaster): void {
    this.registrations.push(registration);
  }

  gstRegistrations(): readonly GstRegistrationMaster[] {
    return this.registrations;
  }

  addLedger(ledger: LedgerMaster): void {
    this.ledgers.set(ledger.name.toLowerCase(), ledger);
  }

  addStockItem(item: StockItemMaster): void {
    this.items.set(item.name.toLowerCase(), item);
  }

  ledger(name: string): LedgerMaster | undefined {
    return this.ledgers.get(name.toLowerCase());
  }

  stockItem(name: string): StockItemMaster | undefined {
    return this.items.get(name.toLowerCase());
  }

  get ledgerCount(): number {
    return this.ledgers.size;
  }
}

/** The master records as Tally sent them: plain data a worker thread can be given and index alike. */
export interface MasterSnapshot {
  ledgers: TallyNode[];
  items: TallyNode[];
  voucherTypes: TallyNode[];
  /** TallyPrime 3 GST registration masters (none in older releases). */
  gstRegistrations: TallyNode[];
}

export function masterIndexOf(snapshot: MasterSnapshot): MasterIndex {
  const index = new MasterIndex();
  for (const node of snapshot.ledgers) index.addLedger(readLedger(node));
  for (const node of snapshot.items) index.addStockItem(readStockItem(node));
  for (const node of snapshot.gstRegistrations ?? []) index.addGstRegistration(readGstRegistration(node));
  return index;
}
