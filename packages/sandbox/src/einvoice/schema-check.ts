/**
 * Checks a request against a `SchemaNode` and words each violation as the IRP does (its .NET model
 * validation messages), naming the field by its JSON path. Members the schema does not know are
 * ignored, as the IRP ignores them.
 *
 * Nearly every request is valid, so the walk is made cheap for that case: one result array for the
 * whole walk, and a field's path is joined from its parent's path and its own name only when a message
 * names it (or it is an object or list whose members need it).
 */
import { isObject, type JsonObject } from './json-access';
import type { SchemaNode } from './nic-invoice-schema';

/** A member's name in its object, or its index in its list. */
type Member = string | number;

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
  const problems: string[] = [];
  collectViolations(schema, value, field, undefined, problems);
  return problems;
}

/** The JSON path of `member` inside the field at `parent` (the field itself when there is no member). */
function pathOf(parent: string, member: Member | undefined): string {
  if (member === undefined) return parent;
  if (typeof member === 'number') return `${parent}[${member}]`;
  return parent ? `${parent}.${member}` : member;
}

function collectViolations(
  schema: SchemaNode,
  value: unknown,
  parent: string,
  member: Member | undefined,
  problems: string[],
): void {
  switch (schema.type) {
    case 'object':
      if (isObject(value)) objectViolations(schema, value, pathOf(parent, member), problems);
      else problems.push(`The field ${pathOf(parent, member)} must be an object.`);
      return;
    case 'array':
      if (Array.isArray(value)) arrayViolations(schema, value, pathOf(parent, member), problems);
      else problems.push(`The field ${pathOf(parent, member)} must be a list.`);
      return;
    case 'string':
      if (typeof value === 'string') textViolations(schema, value, parent, member, problems);
      else problems.push(`The field ${pathOf(parent, member)} must be a string.`);
      return;
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) {
        numberViolations(schema, value, parent, member, problems);
      } else {
        problems.push(`The field ${pathOf(parent, member)} must be a number.`);
      }
      return;
  }
}

/** Missing required members first, in the schema's order, then each present member's own violations. */
function objectViolations(schema: SchemaNode, value: JsonObject, field: string, problems: string[]): void {
  const { required, properties } = schema;
  if (required) {
    for (const name of required) {
      if (value[name] === undefined || value[name] === null) {
        problems.push(`The ${pathOf(field, name)} field is required.`);
      }
    }
  }
  if (!properties) return;
  // The schema's property maps are plain literals: for...in walks their own members in declared order.
  for (const name in properties) {
    const memberValue = value[name];
    if (memberValue !== undefined && memberValue !== null) {
      collectViolations(properties[name], memberValue, field, name, problems);
    }
  }
}

function arrayViolations(schema: SchemaNode, value: unknown[], field: string, problems: string[]): void {
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
  if (!items) return;
  value.forEach((entry, index) => collectViolations(items, entry, field, index, problems));
}

function textViolations(
  schema: SchemaNode,
  value: string,
  parent: string,
  member: Member | undefined,
  problems: string[],
): void {
  const { minLength = 0, maxLength = Infinity } = schema;
  if (value.length < minLength || value.length > maxLength) {
    problems.push(
      `The field ${pathOf(parent, member)} must be a string with a minimum length of ${minLength} and a maximum length of ${maxLength}.`,
    );
  } else if (schema.pattern !== undefined && !nicPattern(schema.pattern).test(value)) {
    problems.push(
      `The field ${pathOf(parent, member)} must match the regular expression '${schema.pattern}'.`,
    );
  } else if (schema.enum && !schema.enum.includes(value)) {
    problems.push(`The field ${pathOf(parent, member)} must be one of ${schema.enum.join(', ')}.`);
  }
}

function numberViolations(
  schema: SchemaNode,
  value: number,
  parent: string,
  member: Member | undefined,
  problems: string[],
): void {
  const { minimum = -Infinity, maximum = Infinity } = schema;
  if (value < minimum || value > maximum) {
    problems.push(`The field ${pathOf(parent, member)} must be between ${minimum} and ${maximum}.`);
  }
}
