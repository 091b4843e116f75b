import type { ConnectorContext, ConnectorFactory } from '../contract';
import { CsvConnector } from './csv.connector';
import { CsvConnectorConfig } from './csv.config';

export class CsvConnectorFactory implements ConnectorFactory<CsvConnectorConfig> {
  readonly kind = 'csv';
  readonly configClass = CsvConnectorConfig;

  create(instanceName: string, config: CsvConnectorConfig, context: ConnectorContext): CsvConnector {
    return new CsvConnector(instanceName, config, context);
  }
}
