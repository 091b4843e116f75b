/**
 * Refuses JSON bodies no route can use before any route, pipe or database sees them: nesting deeper than
 * any document (a 50,000-deep object overflowed the stack of code that walks values recursively), NUL
 * characters and lone UTF-16 surrogates (PostgreSQL refuses both in text and json), and the keys that
 * reach an object's prototype. Walks the parsed body without recursion; answers 400 with the field path.
 */
import type { NextFunction, Request, Response } from 'express';
import { fieldError, type FieldError } from '../domain';

/** Deeper than any canonical invoice or operator request (lines[0].attributes[0].name is 5). */
export const MAX_BODY_DEPTH = 32;

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function jsonBodyProblem(body: unknown): FieldError | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(path, value);
      if (problem) return problem;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      return fieldError(path || '$', 'json.depth', `nested deeper than ${MAX_BODY_DEPTH} levels`);
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        stack.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 }),
      );
      continue;
    }
    for (const key of Object.keys(value)) {
      const child = path ? `${path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) {
        return fieldError(child, 'json.key', `the key "${key}" is not accepted in any request`);
      }
      const problem = textProblem(child, key);
      if (problem) return problem;
      stack.push({ value: (value as Record<string, unknown>)[key], path: child, depth: depth + 1 });
    }
  }
  return undefined;
}

function textProblem(path: string, text: string): FieldError | undefined {
  const where = path || '$';
  if (text.includes('\u0000')) return fieldError(where, 'text.nul', 'contains a NUL character (\\u0000)');
  if (LONE_SURROGATE.test(text)) {
    return fieldError(where, 'text.surrogate', 'contains a lone UTF-16 surrogate (not valid Unicode text)');
  }
  return undefined;
}

/** Express middleware, after the JSON body parser. */
export function jsonBodyGuard(request: Request, response: Response, next: NextFunction): void {
  const body: unknown = request.body;
  const problem = body !== null && typeof body === 'object' ? jsonBodyProblem(body) : undefined;
  if (!problem) {
    next();
    return;
  }
  response.status(400).json({ statusCode: 400, message: 'request body refused', errors: [problem] });
}
