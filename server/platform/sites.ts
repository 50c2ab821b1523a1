// Organisations ("sites"): each is a department tree whose top department carries the site key.
// A request's site comes from its `hostname` header (what the browser's address bar says) or
// its Host: the sub-domain in front of APP_DOMAIN, else DEFAULT_SITE.
import { sql } from 'kysely';
import type { Database } from './db/database.ts';
import { DEFAULT_TIME_ZONE, isTimeZone, rememberZones } from './site-time.ts';

export interface Site {
  /** The top department's id: the tenancy key on every row of this organisation. */
  id: number;
  key: string;
  name: string;
  /**
   * The site's time zone (setting `sys.timeZone`, ./site-time.ts): held with the site so that
   * every write, inside its transaction, reads it without a query.
   */
  timeZone: string;
}

/** The setting that holds a site's time zone. */
export const TIME_ZONE_KEY = 'sys.timeZone';

const CHANNEL = 'nk_sites';

export function siteKeyForHost(hostname: string, appDomain: string, defaultSite: string): string {
  const host = hostname.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (host.endsWith(`.${appDomain}`)) {
    const labels = host.slice(0, -(appDomain.length + 1)).split('.');
    const key = labels[labels.length - 1];
    if (key) return key;
  }
  return defaultSite;
}

export class Sites {
  private byKey = new Map<string, Site>();
  private byId = new Map<number, Site>();

  constructor(
    private readonly database: Database,
    private readonly appDomain: string,
    private readonly defaultSite: string,
  ) {
    database.subscribe(CHANNEL, () => void this.reload().catch(() => undefined));
  }

  async reload(): Promise<void> {
    const rows = await this.database.db
      .selectFrom('sys_dept')
      .select(['id', 'top_dept_key', 'dept_name'])
      .where('top_dept_key', 'is not', null)
      .execute();
    const zones = await sql<{ top_dept_id: number; config_value: string | null }>`select top_dept_id, config_value
      from sys_config where config_key = ${TIME_ZONE_KEY}`.execute(this.database.db);
    const zoneOf = new Map(zones.rows.map((z) => [Number(z.top_dept_id), z.config_value]));
    const byKey = new Map<string, Site>();
    const byId = new Map<number, Site>();
    for (const r of rows) {
      const zone = zoneOf.get(Number(r.id));
      const site = { id: r.id, key: r.top_dept_key!, name: r.dept_name, timeZone: isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE };
      byKey.set(site.key, site);
      byId.set(site.id, site);
    }
    this.byKey = byKey;
    this.byId = byId;
    rememberZones(new Map([...byId.values()].map((site) => [site.id, site.timeZone])));
  }

  /** After a site is added or renamed: every node reloads. */
  async changed(): Promise<void> {
    await this.reload();
    await this.database.publish(CHANNEL, 'reload');
  }

  keyForHost(hostname: string): string {
    return siteKeyForHost(hostname, this.appDomain, this.defaultSite);
  }

  get(key: string): Site | undefined {
    return this.byKey.get(key);
  }

  getById(id: number): Site | undefined {
    return this.byId.get(id);
  }

  all(): Site[] {
    return [...this.byKey.values()];
  }
}
