/** The public face of connectors/: what the other parts of src/ import from it. */
export type {
  ConnectorContext,
  ConnectorCursor,
  ConnectorFactory,
  ErpConnector,
  PurchasePageKey,
  PurchasePeriod,
  PurchaseRecord,
  PushedPurchase,
  PushedPurchaseBody,
  PushedPurchaseItem,
  PushedPurchaseStore,
  SourceDocument,
} from './contract';
export { ConnectorError, isFileDropSource, isPushSource } from './contract';
