/** The regime's storage floor, reached from outside the regime through this face. */
/** The `sa-zatca` regime's storage: its tables (entities, for the schema's record) and their repositories. */
export { EgsUnitEntity } from './egs-unit.entity';
export { ZatcaChainEntity } from './zatca-chain.entity';
export { ZatcaSignedInvoiceEntity } from './zatca-signed-invoice.entity';
export { PostgresEgsCredentialStore } from './egs-credential.repository';
export {
  markSignedInvoiceRejected,
  PostgresZatcaChainStore,
  qrOfSignedXml,
  type SignedInvoiceView,
} from './zatca-chain.repository';
export { ZATCA_REPORTING_LOCK, ZatcaReportingRepository } from './zatca-reporting.repository';

import { EgsUnitEntity } from './egs-unit.entity';
import { ZatcaChainEntity } from './zatca-chain.entity';
import { ZatcaSignedInvoiceEntity } from './zatca-signed-invoice.entity';
export const ZATCA_ENTITIES = [EgsUnitEntity, ZatcaChainEntity, ZatcaSignedInvoiceEntity];
