// The district link's shared secret: a write-only setting (server/modules/system/secrets.ts) of at
// least 32 characters.
import { AppError, Code } from '../../../platform/errors.ts';
import { registerSecretSetting } from '../../system/secrets.ts';

export { decryptSetting, encryptSetting, isSecretSetting, registerSecretSetting } from '../../system/secrets.ts';

export const HAIDIAN_SECRET_KEY = 'integration.haidianSecret';
const MIN_LENGTH = 32;

registerSecretSetting(HAIDIAN_SECRET_KEY, (clear) => {
  if (clear.length < MIN_LENGTH || clear.startsWith('enc:')) throw new AppError(Code.invalid, 'secret.weak', { min: MIN_LENGTH });
});
