/** Build + sign in one step, the way the ZATCA regime will do it. */
import { signInvoice, type SignedInvoice } from '../../../src/regimes/sa-zatca/signer';
import { type CanonicalInvoice } from '../../../src/domain/canonical-invoice';
import { buildZatcaInvoiceXml } from '../../../src/mappers/ksa-ubl';

export interface SigningKeys {
  privateKeyPem: string;
  certificateBase64: string;
}

export function buildAndSign(
  invoice: CanonicalInvoice,
  chain: { icv: number; pih: string; uuid: string },
  keys: SigningKeys,
): SignedInvoice & { unsignedXml: string } {
  const built = buildZatcaInvoiceXml(invoice, chain);
  if (!built.ok) throw new Error(`mapping failed: ${JSON.stringify(built.errors)}`);
  return { ...signInvoice(built.value, keys), unsignedXml: built.value };
}
