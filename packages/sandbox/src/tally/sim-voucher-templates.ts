/**
 * Load-test mode of the simulator: voucher i repeats the generated content of voucher (i mod N) under its
 * own GUID, date, number, MasterID and AlterID, so each distinct body is generated once and then served by
 * filling five slots into cached text (or, for answers, into its pieces pre-encoded once per encoding). Content depends on the date only through the party registrations in
 * force (a dated party moves state mid-year), so a template is cached per registration period.
 */
import type { SimCompany } from './sim-company';
import type { ResponseBytes, SimEncoding } from './sim-response-bytes';
import {
  voucherMeta,
  voucherXml,
  type SimOptions,
  type SimVoucherMeta,
  type SimVoucherType,
} from './sim-vouchers';

type Slot = 'guid' | 'date' | 'number' | 'alterId' | 'masterId';

interface Template {
  /** Text between the slots: always one more piece than slots. */
  pieces: string[];
  slots: Slot[];
  /** The pieces encoded once per answer encoding, on first use. */
  encoded: Partial<Record<SimEncoding, Buffer[]>>;
}

/**
 * Stands for the GUID while a template is generated; slots are then marked between private-use characters.
 * Neither is ever produced by the generator itself.
 */
const GUID_MARK = 'guid0template0mark';
const SLOT_MARK = /\uE000(guid|date|number|alterId|masterId)\uE000/;

export class VoucherTemplates {
  private readonly cache = new Map<string, Template>();
  private readonly registrationStarts: string[];

  constructor(
    private readonly company: SimCompany,
    private readonly options: SimOptions,
    private readonly distinct: number,
  ) {
    const starts = [...company.parties, ...company.suppliers].flatMap((party) =>
      party.registrations.map((registration) => registration.from),
    );
    this.registrationStarts = [...new Set(starts)].sort();
  }

  /** The voucher type of voucher `index`: its template's. */
  typeOf(index: number): SimVoucherType {
    return voucherMeta(this.company, this.options, index % this.distinct).type;
  }

  render(meta: SimVoucherMeta, alterId: number): string {
    const template = this.templateFor(meta);
    const values: Record<Slot, string> = {
      guid: meta.guid,
      date: meta.date,
      number: String(meta.index + 1),
      alterId: String(alterId),
      masterId: String(meta.index + 1),
    };
    let xml = template.pieces[0];
    for (let k = 0; k < template.slots.length; k += 1)
      xml += values[template.slots[k]] + template.pieces[k + 1];
    return xml;
  }

  /** Writes the voucher into `out`: the same bytes as encoding `render`'s text. */
  renderTo(meta: SimVoucherMeta, alterId: number, out: ResponseBytes): void {
    const template = this.templateFor(meta);
    const pieces = (template.encoded[out.encoding] ??= template.pieces.map((piece) =>
      Buffer.from(piece, out.encoding),
    ));
    out.bytes(pieces[0]);
    for (let k = 0; k < template.slots.length; k += 1) {
      out.text(slotValue(template.slots[k], meta, alterId));
      out.bytes(pieces[k + 1]);
    }
  }

  private templateFor(meta: SimVoucherMeta): Template {
    const source = meta.index % this.distinct;
    const period = this.registrationStarts.filter((start) => start <= meta.date).length;
    const key = `${source}:${period}`;
    let template = this.cache.get(key);
    if (!template) {
      template = this.generate(source, meta.date);
      this.cache.set(key, template);
    }
    return template;
  }

  private generate(source: number, date: string): Template {
    const base = voucherMeta(this.company, this.options, source);
    const xml = voucherXml(this.company, this.options, { ...base, guid: GUID_MARK, date }, 0)
      .split(GUID_MARK)
      .join('\uE000guid\uE000')
      .split(`>${date}<`)
      .join('>\uE000date\uE000<')
      .replace(/(<VOUCHERNUMBER>[^<]*\/)\d+</, '$1\uE000number\uE000<')
      .replace(/(<ALTERID TYPE="Number"> )\d+</, '$1\uE000alterId\uE000<')
      .replace(/(<MASTERID TYPE="Number"> )\d+</, '$1\uE000masterId\uE000<');
    const parts = xml.split(SLOT_MARK);
    return {
      pieces: parts.filter((_, at) => at % 2 === 0),
      slots: parts.filter((_, at) => at % 2 === 1) as Slot[],
      encoded: {},
    };
  }
}

function slotValue(slot: Slot, meta: SimVoucherMeta, alterId: number): string {
  switch (slot) {
    case 'guid':
      return meta.guid;
    case 'date':
      return meta.date;
    case 'alterId':
      return String(alterId);
    default:
      return String(meta.index + 1);
  }
}
