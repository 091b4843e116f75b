/**
 * The `sa-zatca` regime as the build registers it: its storage (hash chain, EGS credentials, reporting),
 * its wiring (Fatoora client, onboarding, each instance's provider, the reporting job's ports), its
 * records service and routes, and its tables.
 */
import { type RegimePlugin, SIGNED_DOCUMENTS } from '../../compliance';
import { ZATCA_DESCRIPTOR } from './zatca.descriptor';
import { zatcaXmlTools } from './zatca-xml-tools';
import { ZatcaRegime } from './zatca.regime';
import { ZatcaController } from './routes';
import {
  ZATCA_REGIME_WIRING,
  ZatcaPrintable,
  zatcaProviders,
  ZatcaRecordsService,
  type ZatcaRegimeWiring,
} from './services';
import {
  PostgresEgsCredentialStore,
  PostgresZatcaChainStore,
  ZATCA_ENTITIES,
  ZATCA_MIGRATIONS,
  ZatcaReportingRepository,
} from './storage';
import { ZATCA_DEVELOPMENT } from './fixtures';

export const ZATCA_MODULE: RegimePlugin = {
  descriptor: ZATCA_DESCRIPTOR,
  inject: [ZATCA_REGIME_WIRING],
  create: (wiring) =>
    new ZatcaRegime({ ...wiring.resolve<ZatcaRegimeWiring>(ZATCA_REGIME_WIRING), ...zatcaXmlTools }),
  providers: ({ defaults }) => [
    PostgresZatcaChainStore,
    PostgresEgsCredentialStore,
    ZatcaReportingRepository,
    ZatcaRecordsService,
    { provide: SIGNED_DOCUMENTS.token, useExisting: ZatcaRecordsService },
    ...zatcaProviders(defaults),
  ],
  controllers: [ZatcaController],
  printable: ZatcaPrintable,
  development: ZATCA_DEVELOPMENT,
  entities: ZATCA_ENTITIES,
  migrations: ZATCA_MIGRATIONS,
};
