/**
 * The sandbox's copy of NIC's e-invoice schema against the published one in ../shared/reference (opt-in:
 * skipped when that folder is absent, as in a fresh clone): the same constraints member by member, the
 * same verdict as a JSON Schema validator on the published file for every one-field breakage of real
 * invoices, and no objection from any of the sandbox's checks to the invoices NIC itself signed.
 */
import Ajv from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  checkItemTaxes,
  NIC_INVOICE_SCHEMA,
  type SchemaNode,
  checkPlaces,
  schemaViolations,
  supplyNatureOf,
  UNIT_QUANTITY_CODES,
} from '@erp-connector/sandbox/einvoice';
import { interStateInvoice } from '../einvoice/nic-invoice.fixture';

type Json = Record<string, unknown>;

const REFERENCE = resolve(__dirname, '..', '..', '..', 'shared', 'reference', 'india');
const SCHEMA_FILE = join(REFERENCE, 'einvoice_v1.1.schema.json');
const SAMPLES_FILE = join(REFERENCE, 'samples', 'india_compliance_test_e_invoice.json');
const CONSTRAINTS = [
  'type',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
];

const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;

/** The constraint keywords of a schema tree, without descriptions and comments. */
function constraints(node: Json): Json {
  const out: Json = {};
  for (const key of CONSTRAINTS) if (node[key] !== undefined) out[key] = node[key];
  if (Array.isArray(node.required)) out.required = [...(node.required as string[])].sort();
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties as Record<string, Json>).map(([name, member]) => [
        name,
        constraints(member),
      ]),
    );
  }
  if (node.items) out.items = constraints(node.items as Json);
  return out;
}

/** The invoices inside the SignedInvoice tokens NIC returned in the reference samples. */
function nicSignedInvoices(): { name: string; invoice: Json }[] {
  return Object.entries(readJson(SAMPLES_FILE)).flatMap(([name, sample]) => {
    const token = ((sample as Json).response_data as Json | undefined)?.result as Json | undefined;
    if (typeof token?.SignedInvoice !== 'string') return [];
    const payload = JSON.parse(
      Buffer.from(token.SignedInvoice.split('.')[1], 'base64url').toString(),
    ) as Json;
    return [{ name, invoice: JSON.parse(payload.data as string) as Json }];
  });
}

interface Breakage {
  /** The member's path and what was done to it: `required` (removed); a string made `long`, `short`,
   * given a `quote`, made `lowercase` or a `number`; a number made `above`, `below` or `text`; or a member set to its
   * limit (`longest`, `highest`), which breaks nothing by itself. */
  label: string;
  steps: string[];
  apply: (parent: Json, key: string) => void;
}

/** Refused whatever the member: a validator on the published file accepting one means nothing broke. */
const ALWAYS_REFUSED = new Set(['required', 'long', 'number', 'above', 'below', 'text']);

/** Copies of `invoice`, each with one member broken (or set to its limit) against its schema node. */
function oneFieldBreakages(
  schema: SchemaNode,
  invoice: Json,
): { kind: string; label: string; invoice: Json }[] {
  const breakages: Breakage[] = [];
  collect(schema, invoice, [], breakages);
  return breakages.map(({ label, steps, apply }) => {
    const copy = structuredClone(invoice);
    const parent = steps.slice(0, -1).reduce<Json>((node, step) => node[step] as Json, copy);
    apply(parent, steps[steps.length - 1]);
    return { kind: label.split('#')[1], label, invoice: copy };
  });
}

function collect(schema: SchemaNode, value: unknown, path: string[], out: Breakage[]): void {
  const label = (kind: string, steps = path) => `${steps.join('/')}#${kind}`;
  const replace = (kind: string, replacement: unknown) =>
    out.push({ label: label(kind), steps: path, apply: (parent, key) => (parent[key] = replacement) });
  if (schema.type === 'object' && value && typeof value === 'object') {
    for (const name of schema.required ?? []) {
      const steps = [...path, name];
      out.push({ label: label('required', steps), steps, apply: (parent, key) => delete parent[key] });
    }
    for (const [name, member] of Object.entries(schema.properties ?? {})) {
      const child = (value as Json)[name];
      if (child !== undefined) collect(member, child, [...path, name], out);
    }
  } else if (schema.type === 'array' && Array.isArray(value)) {
    value.forEach((entry, index) => collect(schema.items!, entry, [...path, String(index)], out));
  } else if (schema.type === 'string') {
    const max = schema.maxLength ?? 10;
    replace('long', '9'.repeat(max + 1));
    replace('longest', '9'.repeat(max));
    replace('short', '9'.repeat(Math.max(0, (schema.minLength ?? 1) - 1)));
    replace('quote', `${String(value)}"`);
    if (String(value).toLowerCase() !== value) replace('lowercase', String(value).toLowerCase());
    replace('number', 42);
  } else if (schema.type === 'number') {
    replace('above', (schema.maximum ?? 0) + 1);
    replace('highest', schema.maximum ?? 0);
    replace('below', (schema.minimum ?? 0) - 1);
    replace('text', String(value));
  }
}

function referenceValidator(schema: Json) {
  // NIC's `(?i)` prefix is .NET syntax; ajv gets the `i` flag instead (as scripts/conformance does).
  const engine = Object.assign(
    (pattern: string, flags: string) =>
      pattern.startsWith('(?i)') ? new RegExp(pattern.slice(4), `${flags}i`) : new RegExp(pattern, flags),
    { code: 'nicPatternEngine' },
  );
  return new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, code: { regExp: engine } }).compile(
    schema,
  );
}

const present = existsSync(SCHEMA_FILE) && existsSync(SAMPLES_FILE);

(present ? describe : describe.skip)(
  'sandbox schema vs the published NIC schema (../shared/reference)',
  () => {
    it('declares the same constraints for every member', () => {
      expect(constraints(NIC_INVOICE_SCHEMA as unknown as Json)).toEqual(constraints(readJson(SCHEMA_FILE)));
    });

    it('refuses exactly what a JSON Schema validator on the published file refuses, one broken field at a time', () => {
      const validate = referenceValidator(readJson(SCHEMA_FILE));
      const invoices = [
        ...nicSignedInvoices().map(({ invoice }) => invoice),
        interStateInvoice() as unknown as Json,
      ];
      const disagreements: string[] = [];
      const unbroken: string[] = [];
      let cases = 0;
      for (const invoice of invoices) {
        for (const broken of oneFieldBreakages(NIC_INVOICE_SCHEMA, invoice)) {
          cases++;
          const referenceAccepts = validate(broken.invoice);
          const sandboxAccepts = schemaViolations(NIC_INVOICE_SCHEMA, broken.invoice).length === 0;
          if (sandboxAccepts !== referenceAccepts) disagreements.push(broken.label);
          if (referenceAccepts && ALWAYS_REFUSED.has(broken.kind)) unbroken.push(broken.label);
        }
      }
      expect(cases).toBeGreaterThan(500);
      expect(unbroken).toEqual([]);
      expect(disagreements).toEqual([]);
    });

    it('finds nothing wrong with the invoices NIC signed (schema, state and PIN masters, units, tax amounts)', () => {
      const signed = nicSignedInvoices();
      expect(signed.length).toBeGreaterThanOrEqual(6);
      for (const { name, invoice } of signed) {
        const items = invoice.ItemList as Json[];
        expect({
          name,
          schema: schemaViolations(NIC_INVOICE_SCHEMA, invoice),
          places: checkPlaces(invoice),
          taxes: checkItemTaxes(items, supplyNatureOf(invoice)),
          units: items.map((item) => item.Unit).filter((unit) => !UNIT_QUANTITY_CODES.has(String(unit))),
        }).toEqual({ name, schema: [], places: [], taxes: [], units: [] });
      }
    });
  },
);
