/**
 * A TallyPrime XML/HTTP server for tests, benchmarks and `npm start`: answers the connector's envelopes
 * (company list, voucher collections filtered by type/period/AlterID/GUID/IRN, date-wise counts, ledgers,
 * stock items, voucher import/alter) from a generated company of N vouchers. Vouchers are generated as
 * they are streamed; only altered/added ones are stored. Like Tally it emits `&#4;` sentinels and the odd
 * control character, answers UTF-16LE when asked, keeps a company-wide AlterID sequence, and turns an
 * Alter whose GUID matches nothing into a Create (a duplicate voucher).
 */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateCompany, type SimCompany } from './sim-company';
import {
  companyXml,
  gstRegistrationRecords,
  ledgerRecords,
  masterCount,
  stockItemRecords,
  voucherTypeRecords,
} from './sim-masters';
import {
  fragmentAttr,
  fragmentText,
  parseRequest,
  voucherFilter,
  type SimRequest,
  type VoucherFilter,
} from './sim-request';
import { addDays, displayDate, esc, isoToTally } from './sim-xml';
import { ResponseBytes } from './sim-response-bytes';
import { readSimState, writeSimState, type SimStoredVoucher } from './sim-state-file';
import { VoucherTemplates } from './sim-voucher-templates';
import {
  voucherMeta,
  voucherXml,
  type SimOptions,
  type SimVoucherMeta,
  type SimVoucherType,
} from './sim-vouchers';

export interface TallySimulatorOptions {
  port?: number;
  voucherCount: number;
  seed: number;
  companyName: string;
  /** Item lines per item invoice (default 3). */
  linesPerVoucher?: number;
  /** First day of the books, YYYYMMDD (default 20240401); vouchers are dated from it. */
  booksFrom?: string;
  /** Days the vouchers are spread over (default 365). */
  days?: number;
  /** Always answer UTF-16LE (otherwise only when the request is UTF-16). */
  utf16?: boolean;
  /** TallyPrime 3: the company's GSTIN only in a GST registration master (TaxUnit), none on vouchers. */
  gstRegistrationMasters?: boolean;
  /** Store IRNQRCODE from imports (Tally documents it as not importable; default false). */
  acceptIrnQrCode?: boolean;
  /** Report an unmatched Alter as ALTERED=1 instead of CREATED=1 (Tally's counters are unreliable). */
  misreportAlterCounters?: boolean;
  /**
   * Load tests: only this many distinct voucher bodies are generated; voucher i repeats the content of
   * voucher (i mod N) under its own GUID, date, number and AlterID, served from a cache.
   */
  distinctVouchers?: number;
  /**
   * Keep the company's changes (imports, alterations, deletions) in this file and start from it when it
   * exists (its books' first day wins over `booksFrom`); without it, every start is a new company.
   */
  stateFile?: string;
}

export interface SimHooks {
  beforeImport?: () => void;
  afterCount?: () => void;
}

/** Import request bodies kept for tests to inspect. */
const MAX_KEPT_IMPORTS = 100;

/** Writes part of an answer straight into its bytes. */
type Piece = (out: ResponseBytes) => void;

type StoredVoucher = SimStoredVoucher;

export interface TallySimulator {
  url: string;
  company: SimCompany;
  /** Edits a voucher (narration or cancellation): it gets a new AlterID. */
  alterVoucher(guid: string, change?: { narration?: string }): number;
  /** Adds a new sales voucher on `date` (YYYY-MM-DD); returns its GUID. */
  addVoucher(spec?: { date?: string; type?: SimVoucherType }): string;
  /** Cancels (kept, ISCANCELLED=Yes, new AlterID) or deletes (gone) a voucher. */
  deleteVoucher(guid: string, mode?: 'cancel' | 'delete'): void;
  /** The voucher as stored now (for tests), or undefined. */
  voucher(guid: string): string | undefined;
  /**
   * Deletes a voucher and enters it again with the same type, number, date and content: a new GUID,
   * MASTERID and AlterID, as a user who deleted it by mistake would. Returns the new GUID.
   */
  reenterVoucher(guid: string): string;
  /** GUIDs of vouchers created by imports (e.g. an Alter that matched nothing). */
  createdByImport(): string[];
  /** The bodies of the latest import requests received (up to 100), oldest first. */
  imports: string[];
  /**
   * Test hooks to stage races: `beforeImport` runs just before an import is applied, `afterCount` once a
   * day-wise count has been answered.
   */
  hooks: SimHooks;
  /** Number of requests served, by collection/ID. */
  requests: { id: string; bytes: number }[];
  stop(): Promise<void>;
}

export async function startTallySimulator(options: TallySimulatorOptions): Promise<TallySimulator> {
  const saved = readSimState(options.stateFile);
  const booksFrom = saved?.booksFrom ?? options.booksFrom;
  const company: SimCompany = {
    ...generateCompany(options.seed, options.companyName, booksFrom),
    gstRegistrationMasters: options.gstRegistrationMasters,
  };
  const sim: SimOptions = {
    voucherCount: options.voucherCount,
    linesPerVoucher: options.linesPerVoucher ?? 3,
    seed: options.seed,
    days: options.days ?? 365,
  };
  const baseAlterId = masterCount(company);
  let lastAlterId = saved?.lastAlterId ?? baseAlterId + options.voucherCount;
  let nextIndex = saved?.nextIndex ?? options.voucherCount;
  /** MASTERIDs of vouchers Tally creates itself (re-entered, created by an import): above every generated one. */
  let lastMasterId = saved?.lastMasterId ?? options.voucherCount * 2;
  const imports: string[] = [];
  const stored = new Map<string, StoredVoucher>((saved?.stored ?? []).map((v) => [v.guid, v]));
  const removed = new Set<string>(saved?.removed ?? []);
  const created: string[] = saved?.created ?? [];
  /** After every change the company's state is written whole (a demo company: small). */
  const persist = (): void => {
    if (!options.stateFile) return;
    writeSimState(options.stateFile, {
      booksFrom,
      lastAlterId,
      nextIndex,
      lastMasterId,
      stored: [...stored.values()],
      removed: [...removed],
      created,
    });
  };
  const requests: { id: string; bytes: number }[] = [];
  const templates = options.distinctVouchers
    ? new VoucherTemplates(company, sim, options.distinctVouchers)
    : undefined;
  const metaOf = (index: number): SimVoucherMeta => {
    const meta = voucherMeta(company, sim, index);
    return templates ? { ...meta, type: templates.typeOf(index) } : meta;
  };
  const generatedXml = (meta: SimVoucherMeta, alterId: number): string =>
    templates ? templates.render(meta, alterId) : voucherXml(company, sim, meta, alterId);
  const writeGenerated = (meta: SimVoucherMeta, alterId: number, out: ResponseBytes): void => {
    if (templates) templates.renderTo(meta, alterId, out);
    else out.text(voucherXml(company, sim, meta, alterId));
  };

  function currentBody(guid: string): StoredVoucher | undefined {
    if (removed.has(guid)) return undefined;
    const existing = stored.get(guid);
    if (existing) return existing;
    const index = parseInt(guid.slice(company.guid.length + 1), 16) - 1;
    if (!guid.startsWith(company.guid) || !(index >= 0 && index < options.voucherCount)) return undefined;
    const meta = metaOf(index);
    const body = generatedXml(meta, 0);
    return {
      guid,
      date: meta.date,
      type: meta.type,
      alterId: baseAlterId + index + 1,
      masterId: index + 1,
      number: fragmentText(body, 'VOUCHERNUMBER'),
      irn: '',
      body: stripIds(body),
    };
  }

  function store(voucher: Omit<StoredVoucher, 'alterId'>): number {
    removed.delete(voucher.guid);
    lastAlterId += 1;
    stored.set(voucher.guid, { ...voucher, alterId: lastAlterId });
    return lastAlterId;
  }

  function lastDate(): string {
    let last = options.voucherCount > 0 ? metaOf(options.voucherCount - 1).date : company.booksFrom;
    for (const voucher of stored.values()) if (voucher.date > last) last = voucher.date;
    return last;
  }

  function matches(
    filter: VoucherFilter,
    v: { date: string; type: string; alterId: number; guid: string; irn: string },
  ): boolean {
    if (filter.from && v.date < filter.from) return false;
    if (filter.to && v.date > filter.to) return false;
    if (filter.types && !filter.types.has(v.type.toLowerCase())) return false;
    if (filter.alterAbove !== undefined && v.alterId <= filter.alterAbove) return false;
    if (filter.alterAtMost !== undefined && v.alterId > filter.alterAtMost) return false;
    if (filter.guids !== undefined && !filter.guids.has(v.guid)) return false;
    if (filter.irns !== undefined && !filter.irns.has(v.irn)) return false;
    return true;
  }

  /** Generated vouchers are in date order by index: the first index dated on or after `date`. */
  function firstIndexFrom(date: string): number {
    let low = 0;
    let high = options.voucherCount;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (voucherMeta(company, sim, middle).date < date) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function firstIndexAfter(date: string): number {
    const next = addDays(date, 1);
    return /^\d{8}$/.test(date) ? firstIndexFrom(next) : options.voucherCount;
  }

  /** Matching vouchers in date order: generated ones by index, then stored (altered/added) ones. */
  function* matchingVouchers(filter: VoucherFilter): Generator<{ date: string; xml: Piece }> {
    const end = filter.to === undefined ? options.voucherCount : firstIndexAfter(filter.to);
    for (let index = filter.from === undefined ? 0 : firstIndexFrom(filter.from); index < end; index += 1) {
      const meta = metaOf(index);
      if (stored.has(meta.guid) || removed.has(meta.guid)) continue;
      const alterId = baseAlterId + index + 1;
      if (!matches(filter, { ...meta, alterId, irn: '' })) continue;
      yield { date: meta.date, xml: (out) => writeGenerated(meta, alterId, out) };
    }
    const extra = [...stored.values()]
      .filter((v) => matches(filter, v))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    for (const voucher of extra)
      yield {
        date: voucher.date,
        xml: (out) => out.text(withIds(voucher.body, voucher.alterId, voucher.masterId)),
      };
  }

  async function answer(
    request: SimRequest,
    text: string,
    write: (piece: string | Piece) => Promise<void>,
  ): Promise<void> {
    const open = `<ENVELOPE><HEADER><VERSION>1</VERSION><STATUS>1</STATUS></HEADER><BODY><DESC><CMPINFO><COMPANY>0</COMPANY><LEDGER>${company.parties.length}</LEDGER><VOUCHER>${options.voucherCount}</VOUCHER></CMPINFO></DESC><DATA>`;
    const close = '</DATA></BODY></ENVELOPE>';
    if (request.company !== undefined && request.company !== company.name) {
      return write(
        `<ENVELOPE><HEADER><VERSION>1</VERSION><STATUS>0</STATUS></HEADER><BODY><DATA><LINEERROR>Could not set &apos;SVCurrentCompany&apos; to &apos;${esc(request.company)}&apos;</LINEERROR></DATA></BODY></ENVELOPE>`,
      );
    }
    if (/^import/i.test(request.tallyRequest)) {
      const result = importVouchers(request, text);
      persist();
      return write(result);
    }
    if (request.type !== 'Collection')
      return write(`${open}<LINEERROR>Unknown Request, cannot be processed</LINEERROR>${close}`);

    await write(`${open}<COLLECTION ISCMPDEPTYPE="Yes" CMPLOCUS="4">`);
    if (request.collectionType === 'company') {
      await write(companyXml(company, lastAlterId, baseAlterId, lastDate()));
      await write(
        `<COMPANY NAME="Demo Trading Co"><NAME>Demo Trading Co</NAME><ALTVCHID> 0</ALTVCHID></COMPANY>`,
      );
    } else if (request.collectionType === 'ledger') {
      for (const record of ledgerRecords(company)) await write(record);
    } else if (request.collectionType === 'taxunit') {
      for (const record of gstRegistrationRecords(company)) await write(record);
    } else if (request.collectionType === 'vouchertype') {
      for (const record of voucherTypeRecords()) await write(record);
    } else if (request.collectionType === 'stockitem') {
      for (const record of stockItemRecords(company)) await write(record);
    } else if (request.collectionType === 'voucher') {
      const filter = voucherFilter(request);
      if ('error' in filter) return write(`<LINEERROR>${esc(filter.error)}</LINEERROR></COLLECTION>${close}`);
      if (/count/i.test(request.id)) {
        const counts = new Map<string, number>();
        for (const voucher of matchingVouchers(filter))
          counts.set(voucher.date, (counts.get(voucher.date) ?? 0) + 1);
        // An aggregate's date comes back in Tally's display form, d-MMM-yy (reference: "Datewise count").
        for (const [date, count] of [...counts].sort()) {
          await write(
            `<VCHCOUNTROW><VCHDATE TYPE="Date">${displayDate(date)}</VCHDATE><VCHCOUNT TYPE="Number">${count}</VCHCOUNT></VCHCOUNTROW>`,
          );
        }
        hooks.afterCount?.();
      } else {
        for (const voucher of matchingVouchers(filter)) await write(voucher.xml);
      }
    }
    return write(`</COLLECTION>${close}`);
  }

  const hooks: SimHooks = {};

  function importVouchers(request: SimRequest, text: string): string {
    imports.push(text);
    // A long-running sandbox keeps only the latest ones.
    if (imports.length > MAX_KEPT_IMPORTS) imports.splice(0, imports.length - MAX_KEPT_IMPORTS);
    hooks.beforeImport?.();
    let lastVchId = 0;
    const counters = {
      CREATED: 0,
      ALTERED: 0,
      DELETED: 0,
      COMBINED: 0,
      IGNORED: 0,
      ERRORS: 0,
      CANCELLED: 0,
      EXCEPTIONS: 0,
    };
    const lineErrors: string[] = [];
    for (const fragment of request.vouchers) {
      const action = (fragmentAttr(fragment, 'ACTION') ?? 'Create').toLowerCase();
      const remoteId = fragmentAttr(fragment, 'REMOTEID') ?? fragmentText(fragment, 'GUID');
      const hasEntries = /<(ALLINVENTORYENTRIES|LEDGERENTRIES|ALLLEDGERENTRIES)\.LIST>/.test(fragment);
      if (!hasEntries) {
        counters.EXCEPTIONS += 1;
        continue;
      }
      const date = fragmentText(fragment, 'DATE');
      const type = fragmentText(fragment, 'VOUCHERTYPENAME') || (fragmentAttr(fragment, 'VCHTYPE') ?? '');
      if (!/^\d{8}$/.test(date)) {
        lineErrors.push(`Voucher date is missing.`);
        continue;
      }
      let body = stripIds(fragment).replace(/<VOUCHERKEY\b[^>]*>[^<]*<\/VOUCHERKEY>/g, '');
      if (!options.acceptIrnQrCode) body = body.replace(/<IRNQRCODE\b[^>]*>[\s\S]*?<\/IRNQRCODE>/g, '');
      const existing = action === 'alter' && remoteId ? currentBody(remoteId) : undefined;
      if (existing) {
        store({
          ...existing,
          date,
          type,
          number: fragmentText(body, 'VOUCHERNUMBER'),
          irn: fragmentText(body, 'IRN'),
          body: withDerivedLedgers(body.replace(/ ACTION="[^"]*"/, ' ACTION="Create"'), existing.body),
        });
        counters.ALTERED += 1;
        continue;
      }
      // Create, or an Alter that matched nothing: Tally makes a new voucher, keeping a REMOTEID it was sent.
      const guid = remoteId || `${company.guid}-n${randomUUID().slice(0, 7)}`;
      const fresh = body
        .replace(/ REMOTEID="[^"]*"/, ` REMOTEID="${guid}"`)
        .replace(/ ACTION="[^"]*"/, ' ACTION="Create"')
        .replace(/<GUID\b[^>]*>[^<]*<\/GUID>/, `<GUID>${guid}</GUID>`);
      removed.delete(guid);
      lastMasterId += 1;
      store({
        guid,
        date,
        type,
        masterId: lastMasterId,
        number: fragmentText(body, 'VOUCHERNUMBER'),
        irn: fragmentText(body, 'IRN'),
        body: fresh,
      });
      created.push(guid);
      lastVchId = lastMasterId;
      if (action === 'alter' && options.misreportAlterCounters) counters.ALTERED += 1;
      else counters.CREATED += 1;
    }
    const counterXml = Object.entries(counters)
      .map(([name, value]) => `<${name}>${value}</${name}>`)
      .join('');
    return (
      '<ENVELOPE><HEADER><VERSION>1</VERSION><STATUS>1</STATUS></HEADER><BODY><DATA><IMPORTRESULT>' +
      `${lineErrors.map((line) => `<LINEERROR>${esc(line)}</LINEERROR>`).join('')}${counterXml}` +
      `<LASTVCHID>${lastVchId}</LASTVCHID><LASTMID>0</LASTMID></IMPORTRESULT></DATA>` +
      `<DESC><CMPINFOEX><IDINFO><LASTCREATEDVCHID>${lastAlterId}</LASTCREATEDVCHID></IDINFO></CMPINFOEX></DESC></BODY></ENVELOPE>`
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const utf16Request =
        (raw[0] === 0xff && raw[1] === 0xfe) || /utf-16/i.test(req.headers['content-type'] ?? '');
      const text = utf16Request ? raw.toString('utf16le').replace(/^\ufeff/, '') : raw.toString('utf8');
      const utf16 = options.utf16 === true || utf16Request;
      res.writeHead(200, { 'Content-Type': `text/xml; charset=${utf16 ? 'utf-16' : 'utf-8'}` });
      const request = parseRequest(text);
      const entry = { id: request.id, bytes: 0 };
      requests.push(entry);
      const out = new ResponseBytes(utf16 ? 'utf16le' : 'utf8');
      if (utf16) res.write(Buffer.from([0xff, 0xfe]));
      const flush = async (): Promise<void> => {
        let drained = true;
        for (const bytes of out.take()) {
          entry.bytes += bytes.length;
          drained = res.write(bytes);
        }
        if (!drained) await new Promise<void>((resolve) => res.once('drain', resolve));
      };
      const write = async (piece: string | Piece): Promise<void> => {
        if (typeof piece === 'string') out.text(piece);
        else piece(out);
        if (out.full) await flush();
      };
      answer(request, text, write)
        .then(flush)
        .then(() => res.end())
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    company,
    requests,
    hooks,
    alterVoucher(guid, change = {}) {
      const current = currentBody(guid);
      if (!current) throw new Error(`no voucher ${guid}`);
      const narration = `<NARRATION TYPE="String">${esc(change.narration ?? 'edited')}</NARRATION>`;
      const body = /<NARRATION\b/.test(current.body)
        ? current.body.replace(/<NARRATION\b[^>]*>[\s\S]*?<\/NARRATION>/, narration)
        : current.body.replace('</GUID>', `</GUID>${narration}`);
      const alterId = store({ ...current, body });
      persist();
      return alterId;
    },
    addVoucher(spec = {}) {
      const index = nextIndex++;
      const base = voucherMeta(company, sim, index);
      const meta: SimVoucherMeta = {
        ...base,
        date: spec.date ? isoToTally(spec.date) : lastDate(),
        type: spec.type ?? 'Sales',
      };
      const body = generatedXml(meta, 0);
      store({
        guid: meta.guid,
        date: meta.date,
        type: meta.type,
        masterId: index + 1,
        number: fragmentText(body, 'VOUCHERNUMBER'),
        irn: '',
        body: stripIds(body),
      });
      persist();
      return meta.guid;
    },
    deleteVoucher(guid, mode = 'delete') {
      const current = currentBody(guid);
      if (!current) throw new Error(`no voucher ${guid}`);
      if (mode === 'delete') {
        stored.delete(guid);
        removed.add(guid);
      } else {
        store({
          ...current,
          body: current.body.replace(/<ISCANCELLED>No<\/ISCANCELLED>/, '<ISCANCELLED>Yes</ISCANCELLED>'),
        });
      }
      persist();
    },
    reenterVoucher(guid) {
      const current = currentBody(guid);
      if (!current) throw new Error(`no voucher ${guid}`);
      stored.delete(guid);
      removed.add(guid);
      const fresh = `${company.guid}-r${randomUUID().slice(0, 7)}`;
      lastMasterId += 1;
      store({
        ...current,
        guid: fresh,
        masterId: lastMasterId,
        irn: '',
        body: current.body
          .replace(/ REMOTEID="[^"]*"/, ` REMOTEID="${fresh}"`)
          .replace(/ VCHKEY="[^"]*"/, ` VCHKEY="${fresh}:00000008"`)
          .replace(/<GUID\b[^>]*>[^<]*<\/GUID>/, `<GUID>${fresh}</GUID>`)
          .replace(/<IRN\b[^>]*>[^<]*<\/IRN>/, ''),
      });
      persist();
      return fresh;
    },
    voucher(guid) {
      const current = currentBody(guid);
      return current ? withIds(current.body, current.alterId, current.masterId) : undefined;
    },
    createdByImport: () => [...created],
    imports,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function stripIds(xml: string): string {
  return xml.replace(/<(ALTERID|MASTERID)\b[^>]*>[^<]*<\/\1>/g, '');
}

function withIds(body: string, alterId: number, masterId: number): string {
  return body.replace(
    /(<GUID\b[^>]*>[^<]*<\/GUID>)/,
    `$1<ALTERID TYPE="Number"> ${alterId}</ALTERID><MASTERID TYPE="Number"> ${masterId}</MASTERID>`,
  );
}

const LIST = (name: string): RegExp => new RegExp(`<${name}\\.LIST>[\\s\\S]*?</${name}\\.LIST>`, 'g');
const layout = (xml: string): string => xml.replace(/>\s+</g, '><');

/**
 * A voucher without items altered with ALLLEDGERENTRIES.LIST alone gets LEDGERENTRIES.LIST back as it
 * was, when the entries are the ones it had.
 */
function withPartyLedgers(body: string, before: string): string {
  if (LIST('LEDGERENTRIES').test(body)) return body;
  const ledgers = before.match(LIST('LEDGERENTRIES')) ?? [];
  const all = (xml: string): string => (xml.match(LIST('ALLLEDGERENTRIES')) ?? []).map(layout).join('');
  if (ledgers.length === 0 || all(body) !== all(before)) return body;
  const at = body.indexOf('<ALLLEDGERENTRIES.LIST>');
  return `${body.slice(0, at)}${ledgers.join('')}${body.slice(at)}`;
}

/**
 * TallyPrime derives ALLLEDGERENTRIES.LIST (every ledger, the sales ledger carrying the items again) from
 * a voucher's ledger and inventory entries. An Alter carrying only those gets the derived list back as it
 * was when the entries are the ones the voucher had; an Alter that sends the derived list as well is
 * stored as sent, its items then twice.
 */
function withDerivedLedgers(body: string, before: string): string {
  if (LIST('ALLLEDGERENTRIES').test(body)) return withPartyLedgers(body, before);
  const entries = (xml: string): string =>
    [...(xml.match(LIST('ALLINVENTORYENTRIES')) ?? []), ...(xml.match(LIST('LEDGERENTRIES')) ?? [])]
      .map(layout)
      .join('');
  const derived = before.match(LIST('ALLLEDGERENTRIES')) ?? [];
  if (derived.length === 0 || entries(body) !== entries(before)) return body;
  return body.replace(/<\/VOUCHER>\s*$/, `${derived.join('')}</VOUCHER>`);
}
