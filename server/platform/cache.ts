// Per-site caches of what every request reads (menus, permissions, dictionaries, config).
// A change to a site's data calls invalidate(site): this node forgets at once and every other
// node hears it on the bus (PostgreSQL NOTIFY) and forgets too.
import type { Bus } from './db/database.ts';

const CHANNEL = 'nk_site_cache';
/**
 * Entries one site keeps (issue 37): most keys are a site's own (menus by role, pages, dictionaries,
 * settings), but a signed-in user adds their principal and info, so a site of many users would grow
 * without end. Past this, the least recently used entry goes (it loads again when asked).
 */
export const SITE_CACHE_ENTRIES = 2000;

export class SiteCache {
  private readonly sites = new Map<number, Map<string, Promise<unknown>>>();

  constructor(
    private readonly bus: Bus,
    private readonly entriesPerSite = SITE_CACHE_ENTRIES,
  ) {
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
    if (value) {
      // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
      entries.delete(key);
      entries.set(key, value);
      return value;
    }
    const map = entries;
    const loading = load();
    map.set(key, loading);
    if (map.size > this.entriesPerSite) map.delete(map.keys().next().value!);
    loading.catch(() => {
      if (map.get(key) === loading) map.delete(key);
    });
    return loading;
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
