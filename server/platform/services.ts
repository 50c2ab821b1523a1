// What every module is handed: the server's services, each declared in the module that defines it.
// Modules import this type from here, never from server/app.ts — app.ts builds these and registers
// every module's routes, so a module importing app.ts would close a circle through all of them.
import type { Access } from './access.ts';
import type { SiteCache } from './cache.ts';
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Dictionaries } from './dictionaries.ts';
import type { RateLimits } from './rate-limit.ts';
import type { Sessions } from './sessions.ts';
import type { SiteConfig } from './site-config.ts';
import type { Sites } from './sites.ts';
import type { Captchas } from '../modules/auth/captcha.ts';
import type { SchemaRegistry } from '../entities/registry.ts';

export interface Services {
  config: ServerConfig;
  database: Database;
  clock: Clock;
  cache: SiteCache;
  sites: Sites;
  sessions: Sessions;
  access: Access;
  siteConfig: SiteConfig;
  captchas: Captchas;
  rateLimits: RateLimits;
  /** The site's schemas; replaced whole when the files are reloaded (modules/schema/reload.ts). */
  schemas: SchemaRegistry;
  dictionaries: Dictionaries;
  /** The server's secret: keys session hashes and signed download links. */
  secret: string;
}
