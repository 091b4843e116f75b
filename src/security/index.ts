export { developmentSecret } from './development-secret';
export { keyCheckValue } from './key-check-value';
export { MasterKey } from './master-key';
export type { MasterKeySettings } from './master-key';
export { REDACTED, SECRET_HEADERS, isSecretKey, redact } from './redaction';
export { SecretBox } from './secret-box';
export { SECRET_BOX_PROVIDER } from './secret-box.provider';
export { Secret, secretKeysOf } from './secret.decorator';
