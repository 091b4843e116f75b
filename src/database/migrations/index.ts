import { InitialSchema1763769600000 } from './1763769600000-InitialSchema';
import { SignedDataStorage1764028800000 } from './1764028800000-SignedDataStorage';
import { DocumentInlineStorage1764201600000 } from './1764201600000-DocumentInlineStorage';
import { DocumentJsonText1764288000000 } from './1764288000000-DocumentJsonText';
import { SubmissionExpectedIrn1764374400000 } from './1764374400000-SubmissionExpectedIrn';
import { MasterKeyCheck1764390000000 } from './1764390000000-MasterKeyCheck';
import { WorkerLease1764390100000 } from './1764390100000-WorkerLease';
import { Reconciliation1764400000000 } from './1764400000000-Reconciliation';
import { ProviderRateLimit1764500000000 } from './1764500000000-ProviderRateLimit';
import { ConnectorState1764500100000 } from './1764500100000-ConnectorState';
import { EwaybillNumberPerRegime1764500200000 } from './1764500200000-EwaybillNumberPerRegime';
import { WriteBackClaim1764500300000 } from './1764500300000-WriteBackClaim';
import { DocumentSearchIndexes1764500470000 } from './1764500470000-DocumentSearchIndexes';
import { Gstr2bImportStaging1764600000000 } from './1764600000000-Gstr2bImportStaging';
import { RecoAcrossPeriods1764700000000 } from './1764700000000-RecoAcrossPeriods';
import { PushedPurchases1764760000000 } from './1764760000000-PushedPurchases';
import { Gstr2bMatchedColumns1764800000000 } from './1764800000000-Gstr2bMatchedColumns';
import { RecoMatchReferences1764800100000 } from './1764800100000-RecoMatchReferences';

/**
 * The core schema's, in order; each regime brings its own tables' (RegimePlugin.migrations). TypeORM sorts
 * them all by timestamp and runs the ones not yet recorded in its `migrations` table.
 */
export const MIGRATIONS = [
  InitialSchema1763769600000,
  SignedDataStorage1764028800000,
  DocumentInlineStorage1764201600000,
  DocumentJsonText1764288000000,
  SubmissionExpectedIrn1764374400000,
  MasterKeyCheck1764390000000,
  WorkerLease1764390100000,
  Reconciliation1764400000000,
  ProviderRateLimit1764500000000,
  ConnectorState1764500100000,
  EwaybillNumberPerRegime1764500200000,
  WriteBackClaim1764500300000,
  DocumentSearchIndexes1764500470000,
  Gstr2bImportStaging1764600000000,
  RecoAcrossPeriods1764700000000,
  PushedPurchases1764760000000,
  Gstr2bMatchedColumns1764800000000,
  RecoMatchReferences1764800100000,
];
