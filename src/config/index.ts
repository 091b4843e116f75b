export * from './app-config';
export * from './config-loader';
export * from './secret.decorator';
