export { CsvConnectorFactory } from './csv-connector.factory';
export { CsvConnector, type CsvDirectories } from './csv.connector';
export type { CsvCursor } from './csv-cursor';
export { CsvConnectorConfig } from './csv.config';
export type { CsvProfile, CsvLayout, CsvEncoding, DeriveOptions } from './csv-profile';
export { loadProfile, parseProfile, defaultProfilesDir } from './csv-profile.loader';
export { type CsvRawDocument, isCsvRawDocument } from './csv-raw-document';
export { RESULT_COLUMNS, resultFileName } from './result-table';
export { qrPng } from './qr-image';
