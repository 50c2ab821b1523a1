// The server's own secret (keys token hashes). Never committed: APP_SECRET, or generated into the
// data directory on first start. Several app nodes behind one PostgreSQL must share APP_SECRET.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
