export * from './app-config';
export * from './config-loader';
export * from '../security/secret.decorator';
