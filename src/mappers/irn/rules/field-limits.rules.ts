import {
  ITEM_NUMBER_LIMITS,
  NIC_DATE_PATTERN,
  NIC_EINVOICE_LIMITS,
  NO_DOUBLE_QUOTE,
  type NumberLimit,
  type SectionLimits,
  type TextLimit,
} from '../nic-einvoice-v1.1.limits';
import { itemPath } from '../item-path';
import { type NicItem } from '../nic-einvoice-v1.1.types';
import { type RuleContext } from './rule-context';

/** Every rule this check reports, for telling its errors from those of the business rules. */
export const FIELD_LIMIT_RULES: ReadonlySet<string> = new Set([
  'irn.text.length',
  'irn.text.pattern',
  'irn.text.type',
  'irn.amount.negative',
  'irn.number.range',
  'irn.number.type',
  'irn.date.format',
  'irn.total.roundOff',
]);

/**
 * The table compiled once into parallel lists per kind of limit: checking reads each field by name
 * and compares it without looking its limit up, which keeps the check cheap on every item of every
 * invoice.
 */
interface CompiledSection {
  /** Items only: true when every number is within its limits, read faster than from the lists below. */
  numbersScreen?: (item: NicItem) => boolean;
  numberFields: readonly string[];
  numberLimits: readonly NumberLimit[];
  minimums: Float64Array;
  maximums: Float64Array;
  textFields: readonly string[];
  textLimits: readonly TextLimit[];
  /** The text may have anything but a double quote: a character search, not a regular expression. */
  textQuoteOnly: readonly boolean[];
  dateFields: readonly string[];
  sectionNames: readonly string[];
  sections: readonly CompiledSection[];
}

const COMPILED_LIMITS = compile(NIC_EINVOICE_LIMITS);

/** Each field present in the payload against NIC's schema limits (nic-einvoice-v1.1.limits.ts). */
export function checkFieldLimits<V>(context: RuleContext<V>): void {
  checkObject(context, context.payload, '', COMPILED_LIMITS);
}

function compile(limits: SectionLimits, numbersScreen?: (item: NicItem) => boolean): CompiledSection {
  const entries = Object.entries(limits.fields);
  const numbers = entries.filter((entry): entry is [string, NumberLimit] => entry[1].kind === 'number');
  const texts = entries.filter((entry): entry is [string, TextLimit] => entry[1].kind === 'text');
  const sections = Object.entries(limits.sections ?? {});
  return {
    numbersScreen,
    numberFields: numbers.map(([field]) => field),
    numberLimits: numbers.map(([, limit]) => limit),
    minimums: Float64Array.from(numbers, ([, limit]) => limit.min),
    maximums: Float64Array.from(numbers, ([, limit]) => limit.max),
    textFields: texts.map(([field]) => field),
    textLimits: texts.map(([, limit]) => limit),
    textQuoteOnly: texts.map(([, limit]) => limit.pattern === NO_DOUBLE_QUOTE),
    dateFields: entries.filter(([, limit]) => limit.kind === 'date').map(([field]) => field),
    sectionNames: sections.map(([name]) => name),
    sections: sections.map(([name, section]) =>
      compile(section, name === 'ItemList' ? itemNumbersWithinLimits : undefined),
    ),
  };
}

function checkObject<V>(
  context: RuleContext<V>,
  value: unknown,
  path: string,
  limits: CompiledSection,
): void {
  if (value === null || typeof value !== 'object') return;
  const record = value as Readonly<Record<string, unknown>>;
  const { numberFields, minimums, maximums, textFields, textLimits, dateFields } = limits;
  if (limits.numbersScreen === undefined || !limits.numbersScreen(value as NicItem)) {
    for (let index = 0; index < numberFields.length; index++) {
      const number = record[numberFields[index]];
      if (number === undefined) continue;
      if (typeof number === 'number' && number >= minimums[index] && number <= maximums[index]) continue;
      reportNumber(context, fieldPath(path, numberFields[index]), number, limits.numberLimits[index]);
    }
  }
  for (let index = 0; index < textFields.length; index++) {
    const text = record[textFields[index]];
    if (text === undefined) continue;
    const limit = textLimits[index];
    if (
      typeof text === 'string' &&
      text.length >= limit.min &&
      text.length <= limit.max &&
      (limits.textQuoteOnly[index] ? !text.includes('"') : limit.pattern.test(text))
    )
      continue;
    reportText(context, fieldPath(path, textFields[index]), text, limit);
  }
  for (let index = 0; index < dateFields.length; index++) {
    const date = record[dateFields[index]];
    if (date === undefined || (typeof date === 'string' && NIC_DATE_PATTERN.test(date))) continue;
    context.fail(
      fieldPath(path, dateFields[index]),
      'irn.date.format',
      "NIC's schema takes a date as dd/mm/yyyy in the years 2010 to 2029",
      date,
    );
  }
  const { sectionNames, sections } = limits;
  for (let index = 0; index < sectionNames.length; index++) {
    const section = record[sectionNames[index]];
    if (section === undefined) continue;
    const sectionPath = fieldPath(path, sectionNames[index]);
    if (!Array.isArray(section)) {
      checkObject(context, section, sectionPath, sections[index]);
      continue;
    }
    const isItemList = sectionPath === 'ItemList';
    for (let element = 0; element < section.length; element++) {
      const elementPath = isItemList ? itemPath(element) : `${sectionPath}[${element}]`;
      checkObject(context, section[element], elementPath, sections[index]);
    }
  }
}

/**
 * Whether every number of an item is within ITEM_NUMBER_LIMITS, read field by field: reading them by
 * name from the lists costs a generic property lookup each, on every item of every invoice. An item
 * that fails is checked again from the lists, which name the field; the generated boundary specs
 * prove this reads the same fields as the table.
 */
function itemNumbersWithinLimits(item: NicItem): boolean {
  const limits = ITEM_NUMBER_LIMITS;
  return (
    isWithin(item.Qty, limits.Qty) &&
    isWithin(item.FreeQty, limits.FreeQty) &&
    isWithin(item.UnitPrice, limits.UnitPrice) &&
    isWithin(item.TotAmt, limits.TotAmt) &&
    isWithin(item.Discount, limits.Discount) &&
    isWithin(item.PreTaxVal, limits.PreTaxVal) &&
    isWithin(item.AssAmt, limits.AssAmt) &&
    isWithin(item.GstRt, limits.GstRt) &&
    isWithin(item.IgstAmt, limits.IgstAmt) &&
    isWithin(item.CgstAmt, limits.CgstAmt) &&
    isWithin(item.SgstAmt, limits.SgstAmt) &&
    isWithin(item.CesRt, limits.CesRt) &&
    isWithin(item.CesAmt, limits.CesAmt) &&
    isWithin(item.CesNonAdvlAmt, limits.CesNonAdvlAmt) &&
    isWithin(item.StateCesRt, limits.StateCesRt) &&
    isWithin(item.StateCesAmt, limits.StateCesAmt) &&
    isWithin(item.StateCesNonAdvlAmt, limits.StateCesNonAdvlAmt) &&
    isWithin(item.OthChrg, limits.OthChrg) &&
    isWithin(item.TotItemVal, limits.TotItemVal)
  );
}

function isWithin(value: number | undefined, limit: NumberLimit): boolean {
  return value === undefined || (typeof value === 'number' && value >= limit.min && value <= limit.max);
}

function fieldPath(path: string, field: string): string {
  return path === '' ? field : `${path}.${field}`;
}

function reportNumber<V>(context: RuleContext<V>, path: string, value: unknown, limit: NumberLimit): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    context.fail(path, 'irn.number.type', 'must be a number', value);
  } else if (limit.rule !== undefined) {
    context.fail(path, limit.rule, limit.message ?? `must be between ${limit.min} and ${limit.max}`, value);
  } else if (value < 0 && limit.min === 0) {
    context.fail(path, 'irn.amount.negative', 'NIC amounts, quantities and rates are not negative', value);
  } else {
    context.fail(path, 'irn.number.range', `NIC's schema takes ${limit.min} to ${limit.max}`, value);
  }
}

function reportText<V>(context: RuleContext<V>, path: string, value: unknown, limit: TextLimit): void {
  if (typeof value !== 'string') {
    context.fail(path, 'irn.text.type', 'must be text', value);
  } else if (value.length < limit.min || value.length > limit.max) {
    const length = limit.min === limit.max ? `${limit.max}` : `${limit.min} to ${limit.max}`;
    context.fail(path, 'irn.text.length', `must have ${length} characters`, value);
  } else {
    context.fail(path, 'irn.text.pattern', limit.patternMessage, value);
  }
}
