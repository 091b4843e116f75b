/**
 * Checks a request against a `SchemaNode` and words each violation as the IRP does (its .NET model
 * validation messages), naming the field by its JSON path. Members the schema does not know are
 * ignored, as the IRP ignores them.
 */
import { isObject } from './json-access';
import type { SchemaNode } from './nic-invoice-schema';

const compiled = new Map<string, RegExp>();

/** NIC's patterns are .NET expressions; the one construct JavaScript lacks is the `(?i)` prefix. */
function nicPattern(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = pattern.startsWith('(?i)') ? new RegExp(pattern.slice(4), 'i') : new RegExp(pattern);
    compiled.set(pattern, regex);
  }
  return regex;
}

export function schemaViolations(schema: SchemaNode, value: unknown, field = ''): string[] {
  switch (schema.type) {
    case 'object':
      return isObject(value)
        ? objectViolations(schema, value, field)
        : [`The field ${field} must be an object.`];
    case 'array':
      return Array.isArray(value)
        ? arrayViolations(schema, value, field)
        : [`The field ${field} must be a list.`];
    case 'string':
      return typeof value === 'string'
        ? textViolations(schema, value, field)
        : [`The field ${field} must be a string.`];
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? numberViolations(schema, value, field)
        : [`The field ${field} must be a number.`];
  }
}

function objectViolations(schema: SchemaNode, value: Record<string, unknown>, field: string): string[] {
  const at = (name: string) => (field ? `${field}.${name}` : name);
  const missing = (schema.required ?? [])
    .filter((name) => value[name] === undefined || value[name] === null)
    .map((name) => `The ${at(name)} field is required.`);
  const nested = Object.entries(schema.properties ?? {})
    .filter(([name]) => value[name] !== undefined && value[name] !== null)
    .flatMap(([name, member]) => schemaViolations(member, value[name], at(name)));
  return [...missing, ...nested];
}

function arrayViolations(schema: SchemaNode, value: unknown[], field: string): string[] {
  const problems: string[] = [];
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    problems.push(
      `The field ${field} must be a string or array type with a minimum length of '${schema.minItems}'.`,
    );
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    problems.push(
      `The field ${field} must be a string or array type with a maximum length of '${schema.maxItems}'.`,
    );
  }
  const items = schema.items;
  if (items)
    value.forEach((entry, index) => problems.push(...schemaViolations(items, entry, `${field}[${index}]`)));
  return problems;
}

function textViolations(schema: SchemaNode, value: string, field: string): string[] {
  const { minLength = 0, maxLength = Infinity } = schema;
  if (value.length < minLength || value.length > maxLength) {
    return [
      `The field ${field} must be a string with a minimum length of ${minLength} and a maximum length of ${maxLength}.`,
    ];
  }
  if (schema.pattern !== undefined && !nicPattern(schema.pattern).test(value)) {
    return [`The field ${field} must match the regular expression '${schema.pattern}'.`];
  }
  if (schema.enum && !schema.enum.includes(value)) {
    return [`The field ${field} must be one of ${schema.enum.join(', ')}.`];
  }
  return [];
}

function numberViolations(schema: SchemaNode, value: number, field: string): string[] {
  const { minimum = -Infinity, maximum = Infinity } = schema;
  return value < minimum || value > maximum
    ? [`The field ${field} must be between ${minimum} and ${maximum}.`]
    : [];
}
