/**
 * `npm run conformance`: checks the project's output against the real formats in ../shared/reference
 * (opt-in: a clone without that folder skips each part with a message). CI runs it after the tests.
 * Parts: einvoice-schema (NIC v1.1 JSON schema), einvoice-limits (the mapper's field limits against
 * that schema, at and just beyond each limit), ewaybill-schema (e-way bill scenarios against the
 * reconstructed NIC v1.03 generate schema), tally (captured TallyPrime responses), tally-captures
 * (every captured response read with the connector's readers, values checked by hand), zatca (official
 * sample hashes and zatca-check on every signed variant), gstr2b (every reference GSTR-2B sample, the
 * schema digest's sections, the Purchase Reconciliation Tool's cases).
 */
type Part = { run: () => { passed: number; failed: number } | Promise<{ passed: number; failed: number }> };

const PARTS = [
  'einvoice-schema',
  'einvoice-limits',
  'ewaybill-schema',
  'tally',
  'tally-captures',
  'zatca',
  'gstr2b',
];

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  let passed = 0;
  let failed = 0;
  for (const name of wanted.length > 0 ? wanted : PARTS) {
    console.log(`\n== conformance: ${name}`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const part = require(`./${name}`) as Part;
    const result = await part.run();
    passed += result.passed;
    failed += result.failed;
  }
  console.log(`\nconformance: ${passed} passed, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
