/**
 * Opt-in conformance check: maps e-way bill scenarios (intra- and inter-state, Part-A only, rail, export,
 * bill-to/ship-to with dispatch-from, a credit note, more than 250 lines grouped) and validates each
 * payload against the reconstructed NIC e-way bill v1.03 generate schema in the shared reference folder.
 *
 *   npx ts-node --transpile-only scripts/conformance/ewaybill-schema.ts
 */
import Ajv from 'ajv';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  sampleIndiaCreditNote,
  sampleIndiaInvoice,
  sampleInterStateInvoice,
} from '../../src/domain/__fixtures__';
import type { CanonicalInvoice, InvoiceLine } from '../../src/domain/canonical-invoice';
import { mapToNicEwaybillV103 } from '../../src/mappers/ewaybill';
import { describeSchemaErrors } from './einvoice-schema';

const SCHEMA_IN_REFERENCE = join(
  'shared',
  'reference',
  'india',
  'ewaybill_genewaybill_v1.03.schema.reconstructed.json',
);
const road = {
  distanceKm: 150,
  mode: 'ROAD' as const,
  vehicleNumber: 'KA01AB1234',
  transporterName: 'Swift Movers',
};

function scenarios(): { name: string; invoice: CanonicalInvoice }[] {
  const exported = sampleInterStateInvoice({ supplyType: 'EXPWOP', transport: road });
  exported.buyer = {
    ...exported.buyer,
    gstin: 'URP',
    placeOfSupply: '96',
    address: { line1: '1 Dock Road', city: 'Dubai', countryCode: 'AE' },
  };
  const many = sampleIndiaInvoice({ transport: road });
  many.lines = Array.from({ length: 300 }, (_, i): InvoiceLine => ({
    ...many.lines[i % 2],
    lineNo: i + 1,
    quantity: '1.5',
    taxableValue: '100.10',
  }));
  return [
    { name: 'intra-state, road, vehicle (Part-B)', invoice: sampleIndiaInvoice({ transport: road }) },
    { name: 'inter-state, IGST', invoice: sampleInterStateInvoice({ transport: road }) },
    {
      name: 'Part-A only (transporter, no vehicle), distance 0',
      invoice: sampleIndiaInvoice({ transport: { distanceKm: 0, transporterId: '29AABCT1332L1ZU' } }),
    },
    {
      name: 'rail with transport document',
      invoice: sampleInterStateInvoice({
        transport: {
          distanceKm: 1200,
          mode: 'RAIL',
          transportDocNumber: 'RR778812',
          transportDocDate: '2024-07-16',
        },
      }),
    },
    { name: 'export (URP, state 99, PIN 999999)', invoice: exported },
    {
      name: 'bill-to/ship-to and dispatch-from, over-dimensional cargo',
      invoice: sampleIndiaInvoice({
        transport: { ...road, vehicleType: 'O' },
        dispatchFrom: {
          name: 'Kaveri Warehouse',
          address: {
            line1: 'Hoskote',
            city: 'Hoskote',
            postalCode: '562114',
            stateCode: '29',
            countryCode: 'IN',
          },
        },
        shipTo: {
          legalName: 'Site office',
          gstin: '29AAFCM5678Q1ZE',
          address: {
            line1: 'Gate 2',
            city: 'Mandya',
            postalCode: '571401',
            stateCode: '29',
            countryCode: 'IN',
          },
        },
      }),
    },
    { name: 'credit note (CNT)', invoice: sampleIndiaCreditNote({ transport: road }) },
    { name: '300 lines grouped by HSN, unit and rate', invoice: many },
  ];
}

export async function run(): Promise<{ passed: number; failed: number }> {
  const schemaPath = findSchema();
  if (!schemaPath) {
    console.log(
      `skipped: reference folder not found (looked for ../${SCHEMA_IN_REFERENCE.replace(/\\/g, '/')})`,
    );
    return { passed: 0, failed: 0 };
  }
  // The schema's multipleOf 0.01 is about decimal places: compared with a tolerance, not in binary floats.
  const ajv = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 8 });
  const validate = ajv.compile(JSON.parse(await readFile(schemaPath, 'utf8')) as object);
  let passed = 0;
  let failed = 0;
  let first: object | undefined;
  for (const { name, invoice } of scenarios()) {
    const mapped = mapToNicEwaybillV103(invoice);
    if (!mapped.ok) {
      failed++;
      console.log(
        `FAIL ${name}: mapping rejected it: ${mapped.errors.map((e) => `${e.path} ${e.rule}`).join('; ')}`,
      );
      continue;
    }
    first ??= mapped.value;
    if (validate(mapped.value)) {
      passed++;
      console.log(`pass ${name}`);
    } else {
      failed++;
      console.log(`FAIL ${name}: ${describeSchemaErrors(validate.errors ?? [])}`);
    }
  }
  const broken = { ...(first ?? {}), fromPincode: '560058', itemList: [] };
  if (!validate(broken)) {
    passed++;
    console.log('pass control: a payload with a text PIN and an empty itemList is rejected');
  } else {
    failed++;
    console.log('FAIL control: the schema accepted a broken payload, so the passes above prove nothing');
  }
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

function findSchema(): string | undefined {
  let directory = __dirname;
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
  const candidate = resolve(directory, '..', SCHEMA_IN_REFERENCE);
  return existsSync(candidate) ? candidate : undefined;
}

if (require.main === module) {
  run()
    .then(({ failed }) => {
      process.exitCode = failed > 0 ? 1 : 0;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
