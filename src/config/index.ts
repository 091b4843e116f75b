export * from './app-config';
export * from './config-loader';
export { Secret, secretKeysOf } from '../security';
export { ReconciledGstinConfig, ReturnGatewayConfig } from './reconciliation-config';
