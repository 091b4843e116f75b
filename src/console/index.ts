export { ConsoleController } from './console.controller';
export { CONSOLE_PAGE, CONSOLE_WEB_DIR, loadConsoleAssets, type ConsoleAsset } from './assets';
export { CONSOLE_CONTENT_SECURITY_POLICY, CONSOLE_SECURITY_HEADERS } from './security-headers';
export { CONSOLE_CONTROLLERS, CONSOLE_PROVIDERS } from './console-controllers';
