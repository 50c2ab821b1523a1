// Captcha images: asked for after a failed sign-in (DOMAIN.md). The code is kept hashed in the
// database (so any app node can check it), used once, and valid for five minutes. The picture is a
// PNG drawn by captcha-image.ts (issue 13: svg-captcha's SVG was read by a short script).
import crypto from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { drawCaptchaPng } from './captcha-image.ts';

const LIFETIME_MS = 5 * 60_000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < 4; i++) text += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return text;
}

export const CAPTCHA_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export class Captchas {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly text: () => string,
  ) {}

  private hash(code: string) {
    return crypto.createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
  }

  async issue(siteId: number, requestedKey?: string): Promise<{ key: string; png: Buffer }> {
    const key = requestedKey && CAPTCHA_KEY.test(requestedKey) ? requestedKey : crypto.randomBytes(16).toString('base64url');
    const text = this.text();
    const now = this.clock.now();
    const { db } = this.database;
    await db.deleteFrom('sys_captcha').where('expires_at', '<', new Date(now)).execute();
    await db
      .insertInto('sys_captcha')
      .values({ captcha_key: key, top_dept_id: siteId, code_hash: this.hash(text), expires_at: new Date(now + LIFETIME_MS) })
      .onConflict((oc) =>
        oc
          .column('captcha_key')
          .doUpdateSet({ top_dept_id: siteId, code_hash: this.hash(text), expires_at: new Date(now + LIFETIME_MS) }),
      )
      .execute();
    return { key, png: drawCaptchaPng(text) };
  }

  /** True when the code matches; the captcha is spent either way. */
  async check(siteId: number, key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const row = await this.database.db
      .deleteFrom('sys_captcha')
      .where('captcha_key', '=', key)
      .where('top_dept_id', '=', siteId)
      .returning(['code_hash', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at.getTime() < this.clock.now()) return false;
    return crypto.timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(this.hash(code)));
  }
}
