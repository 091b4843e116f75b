/** The production builder and signer behind the regime's and onboarding's seams. */
import { buildZatcaInvoiceXml } from '../../mappers/ksa-ubl/ubl-2.1-zatca.mapper';
import { signInvoice } from './signer';
import type { ZatcaXmlBuilder, ZatcaXmlSigner } from './zatca-documents';

export const zatcaXmlTools: { buildXml: ZatcaXmlBuilder; sign: ZatcaXmlSigner } = {
  buildXml: buildZatcaInvoiceXml,
  sign: signInvoice,
};
