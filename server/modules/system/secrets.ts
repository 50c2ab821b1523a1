// Secret settings (issue 13): a setting marked `"secret": true` in schemas/system/configs.json (the
// initial password) or registered by a connector (the district link secret) is write-only. It is
// stored encrypted with a key derived from the server's secret (AES-256-GCM, bound to the site and
// the setting's key), and every read — the settings list, form and export, a setting by key — shows
// a mask, to administrators too: nobody reads a secret back, they set a new one. Saving the mask
// keeps the stored value; the operation log sees the mask only.
//
// Changing APP_SECRET makes stored secrets unreadable: the user of the secret then says so, and the
// administrator sets it again.
import crypto from 'node:crypto';
import { defineHooks } from '../../entities/hooks.ts';
import { loadConfigs } from '../../seed/manifests.ts';

export const SECRET_MASK = '******';
const PREFIX = 'enc:v1:';

/** Extra checks of a secret's clear value (throw an AppError to refuse it). */
type SecretCheck = (clear: string) => void;
const registered = new Map<string, SecretCheck | undefined>();
let declared: Set<string> | null = null;

/** A connector's own credential setting becomes write-only too (call when the connector module loads). */
export function registerSecretSetting(configKey: string, check?: SecretCheck) {
  registered.set(configKey, check);
}

export function isSecretSetting(configKey: string): boolean {
  // configs.json never sound since the start (issue 35): asked again at each call until it is.
  const release = declared ? null : loadConfigs();
  if (release) declared = new Set(release.configs.filter((c) => c.secret).map((c) => c.key));
  return registered.has(configKey) || Boolean(declared?.has(configKey));
}

/** What a read shows of a setting's stored value. */
export function shownValue(configKey: string, stored: unknown): unknown {
  // A stored secret is masked even while configs.json cannot say which settings are secret (issue 35).
  if (!isSecretSetting(configKey) && !(typeof stored === 'string' && stored.startsWith(PREFIX))) return stored;
  return typeof stored === 'string' && stored ? SECRET_MASK : '';
}

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
 * encrypted under another server secret (or altered). A value stored before it became secret (a
 * seed of an older release) is still in clear text and is taken as it is.
 */
export function decryptSetting(
  serverSecret: string,
  siteId: number,
  configKey: string,
  stored: string | undefined | null,
): string | null | 'unreadable' {
  if (!stored) return null;
  if (!stored.startsWith(PREFIX)) return stored;
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
    if (!isSecretSetting(key) || typeof row.configValue !== 'string') return;
    const value = row.configValue.trim();
    // An unchanged form sends the mask back: the stored value stays.
    if (existing && (value === SECRET_MASK || value === existing.configValue)) {
      delete row.configValue;
    } else {
      registered.get(key)?.(value);
      row.configValue = value && encryptSetting(s.secret, site.id, key, value);
    }
    // The operation log records the request's body after the answer: never the clear secret.
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && 'configValue' in body) body.configValue = SECRET_MASK;
  },
});
