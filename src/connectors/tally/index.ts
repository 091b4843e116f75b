import type { ConnectorContext, ConnectorFactory, ErpConnector } from '../contract';
import { TallyConfig } from './tally.config';
import { TallyConnector } from './tally.connector';

/** Registers the Tally connector under kind 'tally'. */
export class TallyConnectorFactory implements ConnectorFactory<TallyConfig> {
  readonly kind = 'tally';
  readonly configClass = TallyConfig;

  create(instanceName: string, config: TallyConfig, context: ConnectorContext): ErpConnector {
    return new TallyConnector(instanceName, config, context);
  }
}

export { TallyConfig, TallyWriteBackFields, type WriteBackMode } from './tally.config';
export { TallyConnector } from './tally.connector';
export { normaliseVoucher, type NormaliseContext } from './voucher-normaliser';
export { voucherContentHash, toSourceDocument, type TallyVoucherRef } from './voucher-document';
export { type TallyCursor } from './sync-windows';
export * from './tally-masters';
export * from './tally-values';
export * from './xml';
