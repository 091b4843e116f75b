/**
 * NIC rejects `null`; optional fields without a value are left out of the JSON altogether. Copies
 * rather than deletes, which keeps the objects fast to read and serialise.
 */
export function dropUndefined<T extends object>(value: T): T {
  const compact: Partial<T> = {};
  for (const key in value) {
    if (value[key] !== undefined) compact[key] = value[key];
  }
  return compact as T;
}
