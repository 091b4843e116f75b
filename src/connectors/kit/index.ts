/** The connector kit: what an HTTP-speaking ERP connector needs beyond its contract. */
export { ConnectorHttpClient } from './connector-http-client';
export type {
  ConnectorHttpClientOptions,
  ConnectorHttpRequest,
  ConnectorHttpResponse,
} from './connector-http-client';
export { InMemoryConnectorStateStore } from './connector-state-store';
export type { ConnectorStateStore, StateWrite, StoredState } from './connector-state-store';
export { connectorErrorForNetworkFailure, connectorErrorForStatus } from './http-failures';
export type { HttpAnswer } from './http-failures';
