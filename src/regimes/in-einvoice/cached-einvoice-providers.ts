/**
 * The e-invoice providers of a process (the NIC gateway's provider cache): one per distinct settings,
 * one rate limiter per client id. The settings come as the boot validated them, over the process defaults
 * already (VALIDATED_REGIME_SETTINGS).
 */
import { Logger } from '@nestjs/common';
import { gatewayProviderCache, type RegimeWiring } from '../../compliance';
import { createEinvoiceProvider } from './create-einvoice-provider';
import { einvoiceConfig, type EinvoiceSettings } from './einvoice-settings';
import type { EinvoiceProvider } from './provider';

const providerLog = new Logger('EinvoiceProvider');

export function cachedEinvoiceProviders(
  wiring: RegimeWiring,
): (settings: EinvoiceSettings) => EinvoiceProvider {
  return gatewayProviderCache(
    einvoiceConfig,
    (config, rateLimiter) =>
      createEinvoiceProvider(config, {
        tokenStore: wiring.tokenStore,
        rateLimiter,
        logger: wiring.httpLogger,
        warn: (message) => providerLog.warn(message),
      }),
    wiring.rateLimiter,
  );
}
