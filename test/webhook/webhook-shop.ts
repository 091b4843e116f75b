/** The webhook instance these suites post to: e-invoices of SELLER_GSTIN, outcomes called back to `callbackUrl`. */
import { SELLER_GSTIN } from '../einvoice-e2e/support';

export function webhookShop(secret: string, callbackUrl: string, callbackTimeoutMs: number) {
  return {
    name: 'shop',
    kind: 'webhook',
    regimes: ['in-einvoice'],
    regimeSettings: { 'in-einvoice': { gstin: SELLER_GSTIN } },
    config: { secret, callbackUrl, callbackTimeoutMs },
  };
}
