/**
 * The three ZATCA (Fatoora) environments, as an EGS unit's credential record names them.
 */
export type ZatcaEnvironment = 'developer-portal' | 'simulation' | 'core';

export const ZATCA_ENVIRONMENTS: readonly ZatcaEnvironment[] = ['developer-portal', 'simulation', 'core'];

export function isZatcaEnvironment(value: unknown): value is ZatcaEnvironment {
  return typeof value === 'string' && (ZATCA_ENVIRONMENTS as readonly string[]).includes(value);
}
