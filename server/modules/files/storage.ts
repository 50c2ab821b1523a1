// Where uploaded files live: the local disk under DATA_DIR/files/<site>/, one folder per month,
// random names (the original name is kept in sys_file). Keys never leave the site's folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export class LocalStorage {
  constructor(private readonly root: string) {}

  private siteRoot(siteKey: string) {
    return path.join(this.root, 'files', siteKey);
  }

  /** The absolute path of a key, or null when the key would leave the site's folder. */
  resolve(siteKey: string, key: string): string | null {
    if (!key || key.length > 300 || key.includes('\0') || /(^|[\\/])\.\.([\\/]|$)/.test(key) || path.isAbsolute(key)) return null;
    const base = this.siteRoot(siteKey);
    const full = path.resolve(base, key);
    return full.startsWith(base + path.sep) ? full : null;
  }

  /** Stores a stream under a new key; stops and removes it past `maxBytes`. */
  async put(siteKey: string, extension: string, stream: Readable, when: Date): Promise<{ key: string; size: number }> {
    const month = `${when.getUTCFullYear()}/${String(when.getUTCMonth() + 1).padStart(2, '0')}`;
    const ext = /^[a-z0-9]{1,10}$/.test(extension) ? `.${extension}` : '';
    const key = `${month}/${crypto.randomBytes(12).toString('base64url')}${ext}`;
    const full = this.resolve(siteKey, key)!;
    fs.mkdirSync(path.dirname(full), { recursive: true });
    try {
      await pipeline(stream, fs.createWriteStream(full, { flags: 'wx' }));
    } catch (err) {
      fs.rmSync(full, { force: true });
      throw err;
    }
    return { key, size: fs.statSync(full).size };
  }

  exists(siteKey: string, key: string): boolean {
    const full = this.resolve(siteKey, key);
    return Boolean(full && fs.existsSync(full) && fs.statSync(full).isFile());
  }

  read(siteKey: string, key: string): fs.ReadStream {
    return fs.createReadStream(this.resolve(siteKey, key)!);
  }

  remove(siteKey: string, key: string) {
    const full = this.resolve(siteKey, key);
    if (full) fs.rmSync(full, { force: true });
  }
}
