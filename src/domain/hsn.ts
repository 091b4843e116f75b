/** HSN (goods) or SAC (services) code: 4, 6 or 8 digits as NIC accepts them. */
export function isValidHsnFormat(code: string): boolean {
  return typeof code === 'string' && /^(\d{4}|\d{6}|\d{8})$/.test(code);
}

/** Services are classified under chapter 99 (SAC codes start "99"). */
export function isServiceCode(code: string): boolean {
  return typeof code === 'string' && code.startsWith('99');
}
