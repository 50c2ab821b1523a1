// Organisations ("sites"): each is a department tree whose top department carries the site key.
// A request's site comes from its `hostname` header (what the browser's address bar says) or
// its Host: the sub-domain in front of APP_DOMAIN, else DEFAULT_SITE.
import type { Database } from './db/database.ts';

export interface Site {
  /** The top department's id: the tenancy key on every row of this organisation. */
  id: number;
  key: string;
  name: string;
}

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
    const byKey = new Map<string, Site>();
    const byId = new Map<number, Site>();
    for (const r of rows) {
      const site = { id: r.id, key: r.top_dept_key!, name: r.dept_name };
      byKey.set(site.key, site);
      byId.set(site.id, site);
    }
    this.byKey = byKey;
    this.byId = byId;
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
