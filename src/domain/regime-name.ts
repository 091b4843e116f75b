/** The compliance regimes the service knows, by the name config, API filters and submissions use. */
export const REGIME_NAMES = ['in-einvoice', 'in-ewaybill', 'sa-zatca'] as const;

export type RegimeName = (typeof REGIME_NAMES)[number];

export function isRegimeName(value: unknown): value is RegimeName {
  return (REGIME_NAMES as readonly unknown[]).includes(value);
}
