/**
 * Opt-in conformance check: maps the IRN scenarios (domain samples plus SEZ, export, notes, cess, ...)
 * and validates each payload against NIC's e-invoice v1.1 JSON schema from the shared reference folder.
 *
 *   npx ts-node scripts/conformance/einvoice-schema.ts
 *   node dist/scripts/conformance/einvoice-schema.js   (when built with scripts included)
 */
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { irnScenarios } from '../../src/mappers/irn/__fixtures__/irn-scenarios';
import { mapToNicEinvoiceV11 } from '../../src/mappers/irn';

const SCHEMA_IN_REFERENCE = join('shared', 'reference', 'india', 'einvoice_v1.1.schema.json');
/** The scenarios are dated July 2024; a fixed "today" keeps the run independent of the calendar. */
const TODAY = '2024-08-01';

export async function run(): Promise<{ passed: number; failed: number }> {
  const schemaPath = findSchema();
  if (!schemaPath) {
    console.log(
      `skipped: reference folder not found (looked for ../${SCHEMA_IN_REFERENCE.replace(/\\/g, '/')} beside the repo)`,
    );
    return { passed: 0, failed: 0 };
  }
  const validate = compileSchema(JSON.parse(await readFile(schemaPath, 'utf8')) as object);
  let passed = 0;
  let failed = 0;
  for (const { name, invoice } of irnScenarios()) {
    const mapped = mapToNicEinvoiceV11(invoice, { today: TODAY });
    if (!mapped.ok) {
      failed++;
      console.log(
        `FAIL ${name}: mapping rejected it: ${mapped.errors.map((e) => `${e.path} ${e.rule}`).join('; ')}`,
      );
      continue;
    }
    if (validate(mapped.value)) {
      passed++;
      console.log(`pass ${name}`);
    } else {
      failed++;
      console.log(`FAIL ${name}: ${describeSchemaErrors(validate.errors ?? [])}`);
    }
  }
  if (rejectsBrokenPayload(validate)) {
    passed++;
    console.log('pass control: a payload with a text PIN and no ItemList is rejected');
  } else {
    failed++;
    console.log('FAIL control: the schema accepted a broken payload, so the passes above prove nothing');
  }
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

/** The repo sits at <workspace>/main; the reference folder at <workspace>/shared. */
export function findSchema(): string | undefined {
  let directory = __dirname;
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
  const candidate = resolve(directory, '..', SCHEMA_IN_REFERENCE);
  return existsSync(candidate) ? candidate : undefined;
}

/**
 * NIC's patterns are .NET regular expressions: some start with an inline case-insensitive flag,
 * `(?i)^(B2B|...)$`, compiled here with the `i` flag instead, and `^([^\\"])*$` escapes a quote, which
 * JavaScript accepts only without the unicode flag (so `unicodeRegExp: false`).
 */
const nicPatternEngine = Object.assign(
  (pattern: string, flags: string): RegExp =>
    pattern.startsWith('(?i)') ? new RegExp(pattern.slice(4), `${flags}i`) : new RegExp(pattern, flags),
  { code: 'nicPatternEngine' },
);

export function compileSchema(schema: object) {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    unicodeRegExp: false,
    code: { regExp: nicPatternEngine },
  });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** A negative control: the validator must fail a payload that breaks the schema. */
function rejectsBrokenPayload(validate: ReturnType<typeof compileSchema>): boolean {
  const [{ invoice }] = irnScenarios();
  const mapped = mapToNicEinvoiceV11(invoice, { today: TODAY });
  if (!mapped.ok) return false;
  const { ItemList: _items, ...withoutItems } = mapped.value;
  const broken = { ...withoutItems, SellerDtls: { ...mapped.value.SellerDtls, Pin: '560058' } };
  return !validate(broken);
}

/** Ajv's errors in one line: the instance path and message of each. */
export function describeSchemaErrors(errors: ErrorObject[]): string {
  return errors.map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('; ');
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
