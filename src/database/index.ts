/** The public face of database/: what the other parts of src/ import from it. */
export { dataSourceOptions, NO_REGIME_SCHEMA, type RegimeSchema, runMigrations } from './data-source';
export { rideOutDatabaseOutages } from './database-outage';
export { DATABASE_URL } from './database-url';
export type { EmbeddedPostgresServer } from './embedded-postgres';
export { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres';
export { MasterKeyCheck } from './master-key-check';
export { StatementFailedError, statementFailure, withoutQueryValues } from './statement-error';
export { isTransactionConflict, retryingConflicts } from './transaction-conflict';
