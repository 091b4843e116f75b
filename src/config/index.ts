export * from './app-config';
export * from './config-loader';
export { Secret, secretKeysOf } from '../security';
export { ReconciledGstinConfig } from './reconciliation-config';
