/**
 * Every response in ../shared/reference/tally/responses read with the connector's own reader and value
 * readers (dates in every form, quantities and rates, import counters, the Alter built from a captured
 * voucher), each checked against values written out by hand from the capture. Prints `N passed, N failed`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseTallyDate, parseTallyDayNumber, readTallyDate } from '../../src/connectors/tally/tally-dates';
import { MasterIndex } from '../../src/connectors/tally/tally-masters';
import {
  parseTallyAmount,
  parseTallyQuantity,
  parseTallyRate,
} from '../../src/connectors/tally/tally-values';
import { readDayCount } from '../../src/connectors/tally/sync-windows';
import { voucherRef } from '../../src/connectors/tally/voucher-document';
import { readVoucherLines } from '../../src/connectors/tally/voucher-lines';
import { alterVoucher, importAltered, readImportResult } from '../../src/connectors/tally/write-back-voucher';
import { TallyRecordReader, type RecordReaderOptions } from '../../src/connectors/tally/xml/tally-xml-reader';
import { childText, childrenNamed, descend, type TallyNode } from '../../src/connectors/tally/xml/tally-node';
import { serializeTallyNode } from '../../src/connectors/tally/xml/xml-writer';

const REFERENCE = resolve(process.cwd(), '../shared/reference/tally');
const RESPONSES = join(REFERENCE, 'responses');

/** A capture file (several fragments and comments) read under one synthetic root, as bytes off the wire. */
function read(file: string, names: string[] | { childrenOf: string }, keepTallyMarkers = false): TallyNode[] {
  const records: RecordReaderOptions['records'] = Array.isArray(names) ? new Set(names) : names;
  const text = readFileSync(join(RESPONSES, file), 'utf8').replace(/<\?xml[^>]*\?>/g, '');
  const reader = new TallyRecordReader({ records, keepTallyMarkers });
  return [...reader.write(Buffer.from(`<CAPTURE>${text}</CAPTURE>`, 'utf8')), ...reader.end()];
}

const same = (actual: unknown, expected: unknown): boolean =>
  JSON.stringify(actual) === JSON.stringify(expected);

type Check = [file: string, name: string, run: () => boolean];

const VOUCHERS = 'collection_sales_vouchers_captured_excerpt.xml';
const IMPORTS = 'import_result_envelope_captured.xml';
const LEGACY = 'import_response_legacy_RESPONSE.xml';
const ERP9 = 'tally_erp9_voucher_export_einvoice_flag_tags.xml';
const EWAY = 'ewaybilldetails_genuine_erp9_fragment.xml';
const SHAPES = 'loader-report_response_shapes.txt';

function checks(): Check[] {
  const capturedVoucher = (): TallyNode => {
    const vouchers = read(VOUCHERS, { childrenOf: 'COLLECTION' });
    if (vouchers.length !== 1) throw new Error(`${vouchers.length} vouchers read, 1 expected`);
    return vouchers[0];
  };
  return [
    [
      VOUCHERS,
      'one voucher (CMPINFO/VOUCHER is a count, not a voucher); its identity as captured',
      () =>
        same(voucherRef(capturedVoucher()), {
          guid: 'f0347998-2c19-4a5e-a4ed-01f589cb92a5-00000022',
          alterId: 66,
          masterId: 34,
          voucherType: 'Sales',
          voucherNumber: '8',
          date: '2025-06-01',
          vchKey: 'f0347998-2c19-4a5e-a4ed-01f589cb92a5-0000b2f0:00000010',
        }),
    ],
    [
      VOUCHERS,
      'item line 100 nos at 213.00/nos = 21300.00, counted once; party debited 21300.00; only the HSN (no masters) missing',
      () => {
        const errors: unknown[] = [];
        const warnings: unknown[] = [];
        const { lines, ledgers } = readVoucherLines(capturedVoucher(), {
          date: '2025-06-01',
          partyLedger: 'Abc Party',
          sign: 1,
          masters: new MasterIndex(),
          errors: errors as never,
          warnings: warnings as never,
        });
        return (
          lines.length === 1 &&
          same(
            [
              lines[0].quantity.toString(),
              lines[0].unit,
              lines[0].unitPrice.toString(),
              lines[0].discount.toString(),
            ],
            ['100', 'NOS', '213', '0'],
          ) &&
          lines[0].taxableValue.toFixed(2) === '21300.00' &&
          ledgers.partyTotal?.toFixed(2) === '21300.00' &&
          ledgers.listPath === 'voucher.ALLLEDGERENTRIES' &&
          // No stock item masters here: the missing HSN is the only problem.
          same(
            (errors as { rule: string }[]).map((error) => error.rule),
            ['hsn.required'],
          ) &&
          warnings.length === 0
        );
      },
    ],
    [
      VOUCHERS,
      'values as typed: " 100 nos", "213.00/nos", "-21300.00", date 20250601',
      () => {
        const item = descend(capturedVoucher(), 'ALLINVENTORYENTRIES.LIST')!;
        const quantity = parseTallyQuantity(firstText(item, 'BILLEDQTY'));
        const rate = parseTallyRate(firstText(item, 'RATE'));
        return (
          same(
            [quantity?.value.toString(), quantity?.unit, quantity?.alternate],
            ['100', 'nos', undefined],
          ) &&
          same([rate?.value.toString(), rate?.unit], ['213', 'nos']) &&
          parseTallyAmount(childText(capturedVoucher(), 'AMOUNT'))?.toFixed(2) === '-21300.00' &&
          parseTallyDate(childText(capturedVoucher(), 'DATE')) === '2025-06-01'
        );
      },
    ],
    [
      VOUCHERS,
      '&#4; markers: dropped on read ("Not Applicable"), kept for write-back (3 in the batch allocation)',
      () => {
        const cleaned = descend(capturedVoucher(), 'ALLINVENTORYENTRIES.LIST/BATCHALLOCATIONS.LIST/ORDERNO');
        const [raw] = read(VOUCHERS, { childrenOf: 'COLLECTION' }, true);
        const kept = descend(raw, 'ALLINVENTORYENTRIES.LIST/BATCHALLOCATIONS.LIST/ORDERNO');
        return cleaned?.text === 'Not Applicable' && kept?.text === '\u0004 Not Applicable';
      },
    ],
    [
      VOUCHERS,
      'the Alter built from it: REMOTEID, one ledger list, the item once, the 3 markers as captured',
      () => {
        const [raw] = read(VOUCHERS, { childrenOf: 'COLLECTION' }, true);
        const xml = serializeTallyNode(alterVoucher(raw, [{ path: 'IRN', value: 'a'.repeat(64) }]));
        return (
          xml.startsWith(
            '<VOUCHER REMOTEID="f0347998-2c19-4a5e-a4ed-01f589cb92a5-00000022" VCHKEY="f0347998-2c19-4a5e-a4ed-01f589cb92a5-0000b2f0:00000010" VCHTYPE="Sales" OBJVIEW="Invoice Voucher View" ACTION="Alter">',
          ) &&
          count(xml, '<LEDGERENTRIES.LIST>') === 1 &&
          count(xml, '<ALLLEDGERENTRIES.LIST>') === 0 &&
          count(xml, '<ALLINVENTORYENTRIES.LIST>') === 1 &&
          count(xml, '<INVENTORYALLOCATIONS.LIST>') === 0 &&
          count(xml, '&#4; Not Applicable') === 3 &&
          count(xml, '<ALTERID') + count(xml, '<MASTERID') + count(xml, '<VOUCHERKEY') === 0 &&
          xml.includes(`<IRN>${'a'.repeat(64)}</IRN>`)
        );
      },
    ],
    [
      IMPORTS,
      'three import results: a LINEERROR inside IMPORTRESULT, an Alter that altered nothing, a refused Delete',
      () => {
        const results = read(IMPORTS, ['IMPORTRESULT']).map(readImportResult);
        return (
          same(
            results.map((result) => [
              result.created,
              result.altered,
              result.errors,
              result.exceptions,
              result.lineErrors,
            ]),
            [
              [0, 0, 0, 1, ["Godown 'Warehouse A' does not exist!"]],
              [0, 0, 0, 1, []],
              [0, 0, 0, 0, ['Cannot delete unnamed object: VOUCHER!']],
            ],
          ) && results.every((result) => !importAltered(result, 1))
        );
      },
    ],
    [
      IMPORTS,
      'company counters after the imports: LASTCREATEDVCHID 307, then 308',
      () =>
        same(
          read(IMPORTS, ['LASTCREATEDVCHID']).map((node) => node.text.trim()),
          ['307', '308'],
        ),
    ],
    [
      LEGACY,
      'legacy RESPONSE: 17 exceptions, nothing created or altered: not a success',
      () => {
        const [response] = read(LEGACY, ['RESPONSE']);
        const result = readImportResult(response);
        return (
          same([result.created, result.altered, result.exceptions, result.lineErrors], [0, 0, 17, []]) &&
          !importAltered(result, 17)
        );
      },
    ],
    [
      ERP9,
      'ERP 9 journal: leading-space AlterID/MasterID, two ledger lines, dates, e-invoice flags',
      () => {
        const [voucher] = read(ERP9, ['VOUCHER']);
        const ref = voucherRef(voucher);
        return (
          same(
            [ref.alterId, ref.masterId, ref.voucherType, ref.voucherNumber, ref.date],
            [27507, 13513, 'Journal', '1', '2021-09-02'],
          ) &&
          parseTallyDate(childText(voucher, 'EFFECTIVEDATE')) === '2021-09-02' &&
          same(
            childrenNamed(voucher, 'ALLLEDGERENTRIES.LIST').map((entry) => [
              childText(entry, 'LEDGERNAME'),
              parseTallyAmount(childText(entry, 'AMOUNT'))?.toFixed(2),
            ]),
            [
              ['Party A', '-1000.00'],
              ['Ledger B', '1000.00'],
            ],
          ) &&
          childText(voucher, 'IRNCANCELLED') === 'No' &&
          childText(voucher, 'IGNOREEINVVALIDATION') === 'No'
        );
      },
    ],
    [
      EWAY,
      'genuine EWAYBILLDETAILS.LIST: bill number, transport mode and distance',
      () => {
        const [details] = read(EWAY, ['EWAYBILLDETAILS.LIST']);
        const transport = descend(details, 'TRANSPORTDETAILS.LIST');
        return (
          childText(details, 'BILLNUMBER') === 'EWay Bill N1' &&
          childText(transport!, 'DISTANCE') === '300' &&
          childText(transport!, 'TRANSPORTMODE') === 'Road'
        );
      },
    ],
    [
      SHAPES,
      'function answer <RESULT TYPE="Date" JD="45383">: 2024-04-01 (OLE day number)',
      () => {
        const jd = /JD="(\d+)"/.exec(shapes())?.[1] ?? '';
        return (
          parseTallyDayNumber(jd) === '2024-04-01' &&
          readTallyDate({ attrs: { JD: jd }, text: '' }) === '2024-04-01'
        );
      },
    ],
    [
      SHAPES,
      'company info CSV row: dates "20240401" and "20250331"',
      () => {
        const row = /^\s*"guid",.*$/m.exec(shapes())?.[0] ?? '';
        const dates = [...row.matchAll(/"(\d{8})"/g)].map((match) => parseTallyDate(match[1]));
        return same(dates, ['2024-04-01', '2025-03-31']);
      },
    ],
    [
      SHAPES,
      'report row: quantity "-100", rate "213", amount "21300"; the null date "ñ" is no date',
      () =>
        parseTallyQuantity('-100')?.value.toString() === '-100' &&
        parseTallyRate('213')?.value.toString() === '213' &&
        parseTallyAmount('21300')?.toFixed(2) === '21300.00' &&
        /<F11>ñ<\/F11>/.test(shapes()) &&
        parseTallyDate('ñ') === undefined,
    ],
    [
      SHAPES,
      'day-wise count in "d-MMM-yy": read as a date; an unreadable date stops the pass',
      () => {
        const form = /date "(d-MMM-yy)"/.exec(shapes())?.[1];
        const row = (date: string): TallyNode => ({
          name: 'ROW',
          attrs: {},
          text: '',
          children: [
            { name: 'VCHDATE', attrs: { TYPE: 'Date' }, text: date, children: [] },
            { name: 'VCHCOUNT', attrs: { TYPE: 'Number' }, text: '12', children: [] },
          ],
        });
        let refused = false;
        try {
          readDayCount(row('ñ'));
        } catch {
          refused = true;
        }
        return (
          form === 'd-MMM-yy' &&
          same(readDayCount(row('22-Nov-26')), { date: '2026-11-22', count: 12 }) &&
          refused
        );
      },
    ],
  ];
}

let shapesText: string | undefined;
function shapes(): string {
  shapesText ??= readFileSync(join(RESPONSES, SHAPES), 'utf8');
  return shapesText;
}

function firstText(node: TallyNode, name: string): string {
  return childrenNamed(node, name)[0]?.text ?? '';
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

export function run(): { passed: number; failed: number } {
  if (!existsSync(RESPONSES)) {
    console.log(`tally capture checks skipped: ${RESPONSES} not found`);
    return { passed: 0, failed: 0 };
  }
  let passed = 0;
  let failed = 0;
  const all = checks();
  for (const [file, name, check] of all) {
    let ok = false;
    try {
      ok = check();
    } catch (error) {
      console.log(`  error in ${name}: ${(error as Error).message}`);
    }
    console.log(`${ok ? 'PASS' : 'FAIL'} ${file}: ${name}`);
    if (ok) passed += 1;
    else failed += 1;
  }
  // Every captured response must be read by at least one check: a new capture needs its expectations.
  for (const file of readdirSync(RESPONSES)) {
    if (all.some(([checked]) => checked === file)) continue;
    console.log(`FAIL ${file}: no check reads this captured response`);
    failed += 1;
  }
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

if (require.main === module) {
  const { failed } = run();
  process.exitCode = failed > 0 ? 1 : 0;
}
