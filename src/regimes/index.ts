/**
 * Every regime this build knows, one line each. A new regime: one folder under src/regimes with its
 * `<name>.module.ts`, and one line here (docs/regime-sdk.md).
 */
import type { RegimePlugin } from '../compliance';
import { EINVOICE_MODULE } from './in-einvoice/einvoice.module';
import { EWAYBILL_MODULE } from './in-ewaybill/ewaybill.module';
import { ZATCA_MODULE } from './sa-zatca/zatca.module';

export const REGIME_PLUGINS: readonly RegimePlugin[] = [EINVOICE_MODULE, ZATCA_MODULE, EWAYBILL_MODULE];
