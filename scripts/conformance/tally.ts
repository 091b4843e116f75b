/**
 * Runs the Tally parser over the real (captured or genuine) Tally XML in ../shared/reference/tally:
 * streaming reader, control-character cleaning, voucher line reading without double counting, import
 * result counters and LINEERROR. Prints `N passed, N failed`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MasterIndex, readInt } from '../../src/connectors/tally/tally-masters';
import { readImportResult } from '../../src/connectors/tally/write-back-voucher';
import { readVoucherLines } from '../../src/connectors/tally/voucher-lines';
import { TallyRecordReader } from '../../src/connectors/tally/xml/tally-xml-reader';
import { childText, childrenNamed, descend, type TallyNode } from '../../src/connectors/tally/xml/tally-node';

const REFERENCE = resolve(process.cwd(), '../shared/reference/tally');

/** Reference files hold several fragments and comments: read them under one synthetic root. */
function records(file: string, names: string[] | { childrenOf: string }): TallyNode[] {
  const text = readFileSync(join(REFERENCE, file), 'utf8').replace(/<\?xml[^>]*\?>/g, '');
  const reader = new TallyRecordReader({ records: Array.isArray(names) ? new Set(names) : names });
  return [...reader.write(Buffer.from(`<CONFORMANCE>${text}</CONFORMANCE>`, 'utf8')), ...reader.end()];
}

type Check = [name: string, run: () => boolean];

function checks(): Check[] {
  return [
    [
      'captured voucher collection: GUID, AlterID, sentinel stripped',
      () => {
        const [voucher] = records('responses/collection_sales_vouchers_captured_excerpt.xml', {
          childrenOf: 'COLLECTION',
        });
        const indent = voucher && descend(voucher, 'ALLINVENTORYENTRIES.LIST/BATCHALLOCATIONS.LIST/INDENTNO');
        return (
          childText(voucher, 'GUID') === 'f0347998-2c19-4a5e-a4ed-01f589cb92a5-00000022' &&
          readInt(childText(voucher, 'ALTERID')) === 66 &&
          indent?.text === 'Not Applicable'
        );
      },
    ],
    [
      'captured voucher: one item line (not double counted), party total 21300.00',
      () => {
        const [voucher] = records('responses/collection_sales_vouchers_captured_excerpt.xml', {
          childrenOf: 'COLLECTION',
        });
        const { lines, ledgers } = readVoucherLines(voucher, {
          date: '2025-06-01',
          partyLedger: 'Abc Party',
          sign: 1,
          masters: new MasterIndex(),
          errors: [],
          warnings: [],
        });
        return (
          lines.length === 1 &&
          lines[0].quantity.toString() === '100' &&
          lines[0].unitPrice.toString() === '213' &&
          lines[0].unit === 'NOS' &&
          lines[0].taxableValue.toString() === '21300' &&
          ledgers.partyTotal?.toFixed(2) === '21300.00'
        );
      },
    ],
    [
      'captured import results: LINEERROR inside IMPORTRESULT, EXCEPTIONS counted',
      () => {
        const results = records('responses/import_result_envelope_captured.xml', ['IMPORTRESULT']).map(
          readImportResult,
        );
        return (
          results.length === 3 &&
          results[0].lineErrors[0] === "Godown 'Warehouse A' does not exist!" &&
          results[0].exceptions === 1 &&
          results[1].altered === 0 &&
          results[1].lineErrors.length === 0 &&
          results[2].lineErrors[0] === 'Cannot delete unnamed object: VOUCHER!'
        );
      },
    ],
    [
      'legacy RESPONSE counters',
      () => {
        const [response] = records('responses/import_response_legacy_RESPONSE.xml', ['RESPONSE']);
        const result = readImportResult(response);
        return result.exceptions === 17 && result.created === 0;
      },
    ],
    [
      'ERP 9 export: leading-space AlterID, ledger lines, e-invoice flag tags',
      () => {
        const [voucher] = records('responses/tally_erp9_voucher_export_einvoice_flag_tags.xml', ['VOUCHER']);
        return (
          readInt(childText(voucher, 'ALTERID')) === 27507 &&
          childrenNamed(voucher, 'ALLLEDGERENTRIES.LIST').length === 2 &&
          childText(voucher, 'IRNCANCELLED') === 'No'
        );
      },
    ],
    [
      'genuine EWAYBILLDETAILS.LIST: bill number and transport details',
      () => {
        const [details] = records('responses/ewaybilldetails_genuine_erp9_fragment.xml', [
          'EWAYBILLDETAILS.LIST',
        ]);
        const transport = details && descend(details, 'TRANSPORTDETAILS.LIST');
        return (
          childText(details, 'BILLNUMBER') === 'EWay Bill N1' &&
          childText(transport!, 'DISTANCE') === '300' &&
          childText(transport!, 'TRANSPORTMODE') === 'Road'
        );
      },
    ],
    ...[
      'composed/export_sales_vouchers_collection.xml',
      'composed/import_sales_voucher_create.xml',
      'composed/import_voucher_alter_einvoice.xml',
    ].map<Check>((file) => [
      `composed envelope parses: ${file}`,
      () => records(file, ['ENVELOPE']).length === 1,
    ]),
  ];
}

export function run(): { passed: number; failed: number } {
  if (!existsSync(join(REFERENCE, 'responses'))) {
    console.log(`tally conformance skipped: ${REFERENCE}/responses not found`);
    console.log('0 passed, 0 failed');
    return { passed: 0, failed: 0 };
  }
  let passed = 0;
  let failed = 0;
  for (const [name, check] of checks()) {
    let ok = false;
    try {
      ok = check();
    } catch (error) {
      console.log(`  error in ${name}: ${(error as Error).message}`);
    }
    console.log(`${ok ? 'PASS' : 'FAIL'} ${name}`);
    if (ok) passed += 1;
    else failed += 1;
  }
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

if (require.main === module) {
  const { failed } = run();
  process.exitCode = failed > 0 ? 1 : 0;
}
