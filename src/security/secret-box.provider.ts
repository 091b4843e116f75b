/**
 * The process's one SecretBox, sealed with the master key: repositories inject it to seal what they
 * store and open what they read; nothing else holds the key.
 */
import type { Provider } from '@nestjs/common';
import { MasterKey } from './master-key';
import { SecretBox } from './secret-box';

export const SECRET_BOX_PROVIDER: Provider = {
  provide: SecretBox,
  useFactory: (masterKey: MasterKey) => new SecretBox(masterKey.value),
  inject: [MasterKey],
};
