// Sign-in sessions: an opaque random token in the client, its keyed hash in sys_session.
// Tokens live 12 hours (spec section 9). Logout, a password change or a disabled account revoke
// them in the database and on every node at once (bus), so expiry and logout hold everywhere.
import crypto from 'node:crypto';
import type { Clock } from './clock.ts';
import type { Database } from './db/database.ts';
import { trailAs } from './db/trail-context.ts';

export const TOKEN_LIFETIME_MS = 43_200_000;
const CHANNEL = 'nk_session';
const MAX_CACHED = 50_000;
/** A session's "last active" (the account's sessions list) is written at most once a minute per node. */
const SEEN_EVERY_MS = 60_000;

export interface Session {
  tokenHash: string;
  userId: number;
  siteId: number;
  expiresAt: number;
  /** When this node last wrote the session's last_seen_at. */
  seenAt?: number;
}

/** Who a session is, as the sign-in already read them (the audit trail names them). */
export interface SessionPerson {
  userId: number;
  name: string;
  deptId: number | null;
}

export class Sessions {
  /** Live sessions by token: a hit costs no hashing (the hot path of every request). */
  private readonly cache = new Map<string, Session>();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {
    database.subscribe(CHANNEL, (payload) => this.forget(payload));
  }

  hash(token: string): string {
    return crypto.createHmac('sha256', this.secret).update(token).digest('hex');
  }

  async create(person: SessionPerson, siteId: number, ip: string | null, userAgent: string | null): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const userId = person.userId;
    // The trail's record of the sign-in names who signed in (the request has no person yet).
    await this.asPerson(person, siteId, () =>
      this.database.db
        .insertInto('sys_session')
        .values({
          token_hash: this.hash(token),
          user_id: userId,
          top_dept_id: siteId,
          created_at: new Date(now),
          expires_at: new Date(now + TOKEN_LIFETIME_MS),
          last_seen_at: new Date(now),
          ip,
          user_agent: userAgent?.slice(0, 500) ?? null,
        })
        .execute(),
    );
    return token;
  }

  /** The live session of a token, or null when it is unknown, expired or revoked. */
  async verify(token: string): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    let session = this.cache.get(token);
    if (!session) {
      const tokenHash = this.hash(token);
      const row = await this.database.db
        .selectFrom('sys_session')
        .select(['user_id', 'top_dept_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      session = { tokenHash, userId: row.user_id, siteId: row.top_dept_id, expiresAt: row.expires_at.getTime() };
      if (this.cache.size >= MAX_CACHED) this.trim();
      this.cache.set(token, session);
    }
    const now = this.clock.now();
    if (session.expiresAt <= now) {
      this.cache.delete(token);
      return null;
    }
    if (!session.seenAt || now - session.seenAt >= SEEN_EVERY_MS) {
      session.seenAt = now;
      await this.database.db
        .updateTable('sys_session')
        .set({ last_seen_at: new Date(now) })
        .where('token_hash', '=', session.tokenHash)
        .execute();
    }
    return session;
  }

  /** What follows is written, in the audit trail's words, by the person of a session. */
  private asPerson<T>(person: SessionPerson, siteId: number, fn: () => Promise<T>): Promise<T> {
    return trailAs({ actorId: person.userId, actorName: person.name, deptId: person.deptId ?? undefined, siteId }, fn);
  }

  async revoke(token: string): Promise<boolean> {
    const tokenHash = this.hash(token);
    // Signing out is a public call (an expired session may sign out too): the trail names the
    // session's person.
    const owner = await this.database.db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .select(['s.user_id', 's.top_dept_id', 'u.real_name', 'u.login_name', 'u.dept_id'])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
    const revoke = () =>
      this.database.db
        .updateTable('sys_session')
        .set({ revoked_at: new Date(this.clock.now()) })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    const result = owner
      ? await this.asPerson(
          { userId: Number(owner.user_id), name: owner.real_name || owner.login_name, deptId: owner.dept_id },
          owner.top_dept_id,
          revoke,
        )
      : await revoke();
    this.cache.delete(token);
    await this.database.publish(CHANNEL, `token:${tokenHash}`);
    return Number(result.numUpdatedRows) > 0;
  }

  /** End one session by its hash (the account's sessions list, which never sees tokens). */
  async revokeHash(tokenHash: string): Promise<boolean> {
    const result = await this.database.db
      .updateTable('sys_session')
      .set({ revoked_at: new Date(this.clock.now()) })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    this.forget(`token:${tokenHash}`);
    await this.database.publish(CHANNEL, `token:${tokenHash}`);
    return Number(result.numUpdatedRows) > 0;
  }

  /** End every session of a user, but the one they act from when given. */
  async revokeUser(userId: number, keepTokenHash?: string): Promise<void> {
    let q = this.database.db
      .updateTable('sys_session')
      .set({ revoked_at: new Date(this.clock.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
    await q.execute();
    this.forget(`user:${userId}:${keepTokenHash ?? ''}`);
    await this.database.publish(CHANNEL, `user:${userId}:${keepTokenHash ?? ''}`);
  }

  private forget(payload: string) {
    if (payload === '*') return this.cache.clear();
    if (payload.startsWith('token:')) {
      const hash = payload.slice(6);
      for (const [token, s] of this.cache) if (s.tokenHash === hash) this.cache.delete(token);
      return;
    }
    if (payload.startsWith('user:')) {
      const [, id, keep] = payload.split(':');
      for (const [token, s] of this.cache) if (s.userId === Number(id) && s.tokenHash !== keep) this.cache.delete(token);
    }
  }

  private trim() {
    let n = Math.ceil(MAX_CACHED / 10);
    for (const key of this.cache.keys()) {
      if (n-- <= 0) break;
      this.cache.delete(key);
    }
  }
}
