/**
 * A fresh database with every migration applied, and DataSources for the ZATCA repositories. Rows for
 * submissions are inserted the way the pipeline leaves them, so the chain's foreign key and the reporting
 * query see real data.
 */
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Registered } from '../../../src/compliance/regime';
import { APP_REGIME_SCHEMA } from '../../../src/app-schema';
import { dataSourceOptions } from '../../../src/database/data-source';
import { createMigratedTestDatabase } from '../../support/test-database';

export interface ZatcaTestDatabase {
  url: string;
  /** A new, initialised DataSource (as one process would have); closed by `close()`. */
  connect(poolSize?: number): Promise<DataSource>;
  close(): Promise<void>;
}

function options(url: string, poolSize: number): DataSourceOptions {
  return dataSourceOptions(url, poolSize, APP_REGIME_SCHEMA);
}

export async function createZatcaTestDatabase(prefix: string): Promise<ZatcaTestDatabase> {
  const db = await createMigratedTestDatabase(prefix);
  const opened: DataSource[] = [];
  const connect = async (poolSize = 10): Promise<DataSource> => {
    const dataSource = new DataSource(options(db.url, poolSize));
    await dataSource.initialize();
    opened.push(dataSource);
    return dataSource;
  };
  const migrator = await connect(2);
  await migrator.runMigrations({ transaction: 'each' });
  return {
    url: db.url,
    connect,
    close: async () => {
      for (const dataSource of opened) if (dataSource.isInitialized) await dataSource.destroy();
      await db.drop();
    },
  };
}

let documentCounter = 0;

/** A sales document and its `sa-zatca` submission (state READY, as the processor leaves it before sending). */
export async function insertZatcaSubmission(
  dataSource: DataSource,
  documentNumber = `DOC-${++documentCounter}`,
): Promise<{ submissionId: string; documentId: string }> {
  const [instance]: { id: string }[] = await dataSource.query(
    `INSERT INTO connector_instance (name, kind) VALUES ('riyadh-erp', 'csv')
     ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
  );
  const [document]: { id: string }[] = await dataSource.query(
    `INSERT INTO document (connector_instance_id, erp_id, direction, doc_number, content_hash)
     VALUES ($1, $2, 'sales', $2, 'hash') RETURNING id`,
    [instance.id, documentNumber],
  );
  const [submission]: { id: string }[] = await dataSource.query(
    `INSERT INTO submission (document_id, regime, state) VALUES ($1, 'sa-zatca', 'READY') RETURNING id`,
    [document.id],
  );
  return { submissionId: submission.id, documentId: document.id };
}

/** What the submission processor stores after a registered outcome, then where write-back takes it. */
export async function storeRegisteredOutcome(
  dataSource: DataSource,
  submissionId: string,
  outcome: Registered,
  state: string,
): Promise<void> {
  const ids = outcome.identifiers;
  await dataSource.query(
    `UPDATE submission SET state = $2, identifiers = $3, response = $4, signed_qr = $5, zatca_uuid = $6,
       zatca_hash = $7, zatca_icv = $8, zatca_status = $9 WHERE id = $1`,
    [
      submissionId,
      state,
      JSON.stringify(ids),
      JSON.stringify(outcome.response),
      ids.zatcaQr ?? null,
      ids.zatcaUuid,
      ids.zatcaHash,
      ids.zatcaIcv,
      ids.zatcaStatus,
    ],
  );
}
