/**
 * The `in-ewaybill` regime as the build registers it: the e-way bill regime (by IRN through the
 * e-invoice providers it depends on) and its operator routes.
 */
import type { RegimePlugin } from '../../compliance';
import { cachedEinvoiceProviders } from '../in-einvoice';
import { createEwaybillRegime } from './create-ewaybill-regime';
import { EWAYBILL_DESCRIPTOR } from './ewaybill.descriptor';
import { EwaybillController } from './routes';
import { EWAYBILL_DEVELOPMENT } from './fixtures';

export const EWAYBILL_MODULE: RegimePlugin = {
  descriptor: EWAYBILL_DESCRIPTOR,
  create: (wiring) => createEwaybillRegime(wiring, cachedEinvoiceProviders(wiring)),
  controllers: [EwaybillController],
  development: EWAYBILL_DEVELOPMENT,
};
