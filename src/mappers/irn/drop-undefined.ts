/** NIC rejects `null`; optional fields without a value are left out of the JSON altogether. */
export function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}
