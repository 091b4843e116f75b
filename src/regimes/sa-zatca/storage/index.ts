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

import { ZatcaChain1763856000000 } from './migrations/1763856000000-ZatcaChain';
import { ZatcaReissue1764115200000 } from './migrations/1764115200000-ZatcaReissue';
export const ZATCA_MIGRATIONS = [ZatcaChain1763856000000, ZatcaReissue1764115200000];
