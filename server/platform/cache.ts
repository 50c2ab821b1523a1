// Per-site caches of what every request reads (menus, permissions, dictionaries, config).
// A change to a site's data calls invalidate(site): this node forgets at once and every other
// node hears it on the bus (PostgreSQL NOTIFY) and forgets too.
import type { Bus } from './db/database.ts';

const CHANNEL = 'nk_site_cache';

export class SiteCache {
  private readonly sites = new Map<number, Map<string, Promise<unknown>>>();

  constructor(private readonly bus: Bus) {
    bus.subscribe(CHANNEL, (payload) => {
      if (payload === '*') this.sites.clear();
      else this.sites.delete(Number(payload));
    });
  }

  /** The cached value for (site, key), loading it once however many callers ask at the same time. */
  get<T>(siteId: number, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.sites.get(siteId);
    if (!entries) {
      entries = new Map();
      this.sites.set(siteId, entries);
    }
    let value = entries.get(key) as Promise<T> | undefined;
    if (!value) {
      const map = entries;
      value = load();
      map.set(key, value);
      value.catch(() => map.delete(key));
    }
    return value;
  }

  /** Every site's entries (the schemas were reloaded). */
  async invalidateAll(): Promise<void> {
    this.sites.clear();
    await this.bus.publish(CHANNEL, '*');
  }

  async invalidate(siteId: number): Promise<void> {
    this.sites.delete(siteId);
    await this.bus.publish(CHANNEL, String(siteId));
  }
}
