/** A JSON scalar as text ('' for objects, null and undefined), for provider fields typed loosely. */
export function wireText(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fallback;
}

export function optionalWireText(value: unknown): string | undefined {
  const text = wireText(value);
  return text === '' ? undefined : text;
}
