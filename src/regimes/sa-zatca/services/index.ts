/** The regime's services floor, reached from outside the regime through this face. */
export type { ZatcaRegimeWiring } from './zatca-wiring';
export { ZATCA_REGIME_WIRING } from './zatca-wiring';
export { zatcaProviders } from './zatca-wiring';
export { ZatcaRecordsService } from './zatca-records.service';
export { ZatcaPrintable } from './zatca-printable.service';
