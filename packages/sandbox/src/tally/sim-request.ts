/**
 * Reads the envelopes the simulator is sent. Requests are small, so plain text matching is enough: the
 * header, the static variables, the collection's TYPE and the filter formulae (the subset of TDL the
 * connector uses), and the VOUCHER fragments of an import.
 */
import { unesc } from './sim-xml';

export interface SimRequest {
  tallyRequest: string;
  type: string;
  id: string;
  company?: string;
  from?: string;
  to?: string;
  collectionType?: string;
  formulae: string[];
  vouchers: string[];
}

function first(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? unesc(match[1].trim()) : undefined;
}

export function parseRequest(xml: string): SimRequest {
  const collections = [...xml.matchAll(/<COLLECTION\b[^>]*>([\s\S]*?)<\/COLLECTION>/g)].map((m) => m[1]);
  const typed = collections.find((body) => /<TYPE>/.test(body));
  return {
    tallyRequest: first(xml, 'TALLYREQUEST') ?? '',
    type: first(xml, 'TYPE') ?? '',
    id: first(xml, 'ID') ?? '',
    company: first(xml, 'SVCURRENTCOMPANY'),
    from: first(xml, 'SVFROMDATE'),
    to: first(xml, 'SVTODATE'),
    collectionType: typed ? first(typed, 'TYPE')?.toLowerCase() : undefined,
    formulae: [...xml.matchAll(/<SYSTEM TYPE="Formulae" NAME="[^"]*">([\s\S]*?)<\/SYSTEM>/g)].map((m) =>
      unesc(m[1]),
    ),
    vouchers: [...xml.matchAll(/<VOUCHER\b[\s\S]*?<\/VOUCHER>/g)].map((m) => m[0]),
  };
}

/** A voucher filter built from the formulae; unknown formulae are a TDL error, as in Tally. */
export interface VoucherFilter {
  types?: Set<string>;
  from?: string;
  to?: string;
  alterAbove?: number;
  alterAtMost?: number;
  guids?: Set<string>;
  irns?: Set<string>;
}

export function voucherFilter(request: SimRequest): VoucherFilter | { error: string } {
  const filter: VoucherFilter = { from: request.from, to: request.to };
  for (const formula of request.formulae) {
    let match: RegExpExecArray | null;
    if (/^\$VoucherTypeName = /.test(formula)) {
      filter.types = new Set(
        [...formula.matchAll(/\$VoucherTypeName = "([^"]*)"/g)].map((m) => m[1].toLowerCase()),
      );
    } else if ((match = /^\$Date >= \$\$Date:"(\d{8})" AND \$Date <= \$\$Date:"(\d{8})"$/.exec(formula))) {
      filter.from = filter.from && filter.from > match[1] ? filter.from : match[1];
      filter.to = filter.to && filter.to < match[2] ? filter.to : match[2];
    } else if ((match = /^\$AlterID > (\d+)$/.exec(formula))) {
      filter.alterAbove = Number(match[1]);
    } else if ((match = /^\$AlterID <= (\d+)$/.exec(formula))) {
      filter.alterAtMost = Number(match[1]);
    } else if (/^\$GUID = "[^"]*"( OR \$GUID = "[^"]*")*$/.test(formula)) {
      filter.guids = new Set([...formula.matchAll(/\$GUID = "([^"]*)"/g)].map((m) => m[1]));
    } else if (/^\$IRN = "[^"]*"( OR \$IRN = "[^"]*")*$/.test(formula)) {
      filter.irns = new Set([...formula.matchAll(/\$IRN = "([^"]*)"/g)].map((m) => m[1]));
    } else {
      return { error: `Error in TDL, 'Formula': ${formula}` };
    }
  }
  return filter;
}

/** Text of the first element `name` inside an XML fragment (unescaped), or ''. */
export function fragmentText(xml: string, name: string): string {
  return first(xml, name) ?? '';
}

export function fragmentAttr(xml: string, name: string): string | undefined {
  const open = /^<VOUCHER\b[^>]*>/.exec(xml)?.[0] ?? '';
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(open);
  return match ? unesc(match[1]) : undefined;
}
