/**
 * Conformance of the IRN mapper's field limits with NIC's e-invoice v1.1 JSON schema: for every field of
 * the limits table, payloads at and just beyond its limits (src/mappers/irn/__fixtures__/limit-boundaries)
 * must be refused by the rules exactly when the schema refuses them, and accepted by both when within.
 * Also checks that the table and the field-specific rules cover every field the mapper writes.
 *
 *   npm run conformance -- einvoice-limits
 */
import { readFile } from 'node:fs/promises';
import {
  BOUNDARY_TODAY,
  everyLimitedFieldPayload,
  FIELDS_CHECKED_BY_OTHER_RULES,
  fieldPathsOf,
  jsonPointer,
  limitBoundaryCases,
  limitedFieldPaths,
} from '../../src/mappers/irn/__fixtures__/limit-boundaries';
import { validateNicEinvoiceV11 } from '../../src/mappers/irn';
import { FIELD_LIMIT_RULES } from '../../src/mappers/irn/rules/field-limits.rules';
import { compileSchema, describeSchemaErrors, findSchema } from './einvoice-schema';

export async function run(): Promise<{ passed: number; failed: number }> {
  const schemaPath = findSchema();
  if (!schemaPath) {
    console.log('skipped: reference folder not found (see einvoice-schema)');
    return { passed: 0, failed: 0 };
  }
  const validate = compileSchema(JSON.parse(await readFile(schemaPath, 'utf8')) as object);
  let passed = 0;
  let failed = 0;
  const check = (ok: boolean, passMessage: string, failMessage: string) => {
    if (ok) passed++;
    else failed++;
    console.log(ok ? `pass ${passMessage}` : `FAIL ${failMessage}`);
  };

  const base = everyLimitedFieldPayload();
  check(
    validate(base),
    'the payload with every limited field is valid',
    `the payload with every limited field breaks the schema: ${describeSchemaErrors(validate.errors ?? [])}`,
  );

  const covered = new Set([...limitedFieldPaths(), ...FIELDS_CHECKED_BY_OTHER_RULES]);
  const unchecked = fieldPathsOf(base).filter((path) => !covered.has(path));
  check(
    unchecked.length === 0,
    'every field the mapper writes has its limits checked',
    `fields written without a limits check: ${unchecked.join(', ')}`,
  );

  const cases = limitBoundaryCases(base);
  const disagreements: string[] = [];
  for (const { name, path, payload, withinLimit } of cases) {
    const refusedByRules = validateNicEinvoiceV11(payload, { today: BOUNDARY_TODAY }).errors.some(
      (error) => error.path === path && FIELD_LIMIT_RULES.has(error.rule),
    );
    const pointer = jsonPointer(path);
    const refusedBySchema =
      !validate(payload) && (validate.errors ?? []).some((error) => error.instancePath === pointer);
    if (refusedByRules !== !withinLimit || refusedBySchema !== !withinLimit) {
      disagreements.push(
        `${name}: expected ${withinLimit ? 'accepted' : 'refused'}, rules ${refusedByRules ? 'refused' : 'accepted'}, schema ${refusedBySchema ? 'refused' : 'accepted'}`,
      );
    }
  }
  check(
    disagreements.length === 0,
    `${cases.length} payloads at and just beyond each limit: the rules and the schema agree`,
    `the rules and the schema disagree on ${disagreements.length} of ${cases.length} payloads:\n  ${disagreements.join('\n  ')}`,
  );
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
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
