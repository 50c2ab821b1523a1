// Settings from the environment, documented in README "Configuration".
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections this node keeps to PostgreSQL (DB_POOL_SIZE); the embedded database has one. */
  poolSize: number;
  /** Product domain: the site key is the sub-domain in front of it (demo.localhost → demo). */
  appDomain: string;
  /** Site for a bare host (localhost, an IP address, an unknown domain). */
  defaultSite: string;
  /** Built browser app served at /; null serves the API only. */
  webRoot: string | null;
  secret: string | null;
  production: boolean;
  /** Development: reload schemas/ on change and tell open browsers (server/modules/schema/reload.ts). */
  watchSchemas: boolean;
  /**
   * Which peers' X-Forwarded-For is believed (Fastify trustProxy): by default only a proxy on this
   * machine, so a client elsewhere cannot pick the address that sign-in limits count.
   */
  trustProxy: boolean | string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    poolSize: poolSizeOf(env.DB_POOL_SIZE),
    appDomain: (env.APP_DOMAIN ?? 'localhost').toLowerCase(),
    defaultSite: env.DEFAULT_SITE ?? 'demo',
    webRoot: env.WEB_ROOT === '' ? null : path.resolve(env.WEB_ROOT ?? 'dist'),
    secret: env.APP_SECRET || null,
    production: env.NODE_ENV === 'production',
    watchSchemas: env.SCHEMA_WATCH === '1',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY || 'loopback',
  };
}

function poolSizeOf(text: string | undefined): number {
  if (text === undefined || text === '') return 10;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new Error(`DB_POOL_SIZE must be a whole number from 1 to 1000, got ${text}`);
  return n;
}
