// Secret settings of the integrations (the district link secret): kept in sys_config like every
// setting, so a site sets it on the settings screen, but write-only. Any signed-in user may read a
// setting by key (/core/config/getConfigValueByKey) and administrators see the settings list, so
// the value is stored encrypted with a key derived from the server's secret (AES-256-GCM, bound
// to the site and the setting's key): what anyone can read is useless without the server. The
// operation log of the save sees the masked value only.
//
// Changing APP_SECRET makes stored secrets unreadable: the link check then says so, and the
// administrator sets the secret again.
import crypto from 'node:crypto';
import { defineHooks } from '../../../entities/hooks.ts';
import { AppError, Code } from '../../../platform/errors.ts';

export const HAIDIAN_SECRET_KEY = 'integration.haidianSecret';
const secretKeys = new Set<string>([HAIDIAN_SECRET_KEY]);
/** Settings stored encrypted. */
export const SECRET_CONFIG_KEYS: ReadonlySet<string> = secretKeys;

/** A connector's own credential setting becomes write-only too (call when the connector module loads). */
export function registerSecretSetting(configKey: string) {
  secretKeys.add(configKey);
}
const PREFIX = 'enc:v1:';
const MIN_LENGTH = 32;

function keyOf(serverSecret: string): Buffer {
  return crypto.createHmac('sha256', serverSecret).update('nk:integration-secret').digest();
}

export function encryptSetting(serverSecret: string, siteId: number, configKey: string, clear: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  cipher.setAAD(Buffer.from(`${siteId}:${configKey}`, 'utf8'));
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

/**
 * The clear text of a stored secret setting: null when it is empty, 'unreadable' when it was
 * encrypted under another server secret (or altered).
 */
export function decryptSetting(
  serverSecret: string,
  siteId: number,
  configKey: string,
  stored: string | undefined,
): string | null | 'unreadable' {
  if (!stored) return null;
  if (!stored.startsWith(PREFIX)) return 'unreadable';
  const [iv, body, tag] = stored.slice(PREFIX.length).split('.');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(`${siteId}:${configKey}`, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return 'unreadable';
  }
}

// Saving a secret setting on the settings screen (the generic config entity) stores it encrypted.
defineHooks('config', {
  beforeSave({ s, site, request }, row, existing) {
    const key = String(row.configKey ?? existing?.configKey ?? '');
    if (!SECRET_CONFIG_KEYS.has(key) || typeof row.configValue !== 'string') return;
    const value = row.configValue.trim();
    // An unchanged row sends the stored (encrypted) value back: kept as it is.
    if (value.startsWith(PREFIX) && value === existing?.configValue) return;
    if (value.length < MIN_LENGTH || value.startsWith(PREFIX)) {
      throw new AppError(Code.invalid, 'secret.weak', { min: MIN_LENGTH });
    }
    row.configValue = encryptSetting(s.secret, site.id, key, value);
    // The operation log records the request's body after the answer: never the clear secret.
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && 'configValue' in body) body.configValue = '******';
  },
});
