/** The production builder and signer behind the regime's and onboarding's seams. */
import { buildZatcaInvoiceXml } from '../../mappers/ksa-ubl';
import { signInvoice } from './signer';
import type { ZatcaXmlBuilder, ZatcaXmlSigner } from './zatca-documents';

export const zatcaXmlTools: { buildXml: ZatcaXmlBuilder; sign: ZatcaXmlSigner } = {
  buildXml: buildZatcaInvoiceXml,
  sign: signInvoice,
};
