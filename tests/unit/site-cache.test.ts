// The per-site cache is bounded (issue 37): a site of many signed-in users keeps at most its limit
// of entries, dropping the least recently used, and the entries every request reads stay.
import { describe, expect, it } from 'vitest';
import { SiteCache } from '../../server/platform/cache.ts';

const bus = { publish: async () => undefined, subscribe: () => undefined };

describe('SiteCache', () => {
  it('keeps at most its limit per site, dropping the least recently used', async () => {
    const cache = new SiteCache(bus, 3);
    let loads = 0;
    const get = (site: number, key: string) => cache.get(site, key, async () => `${key}#${++loads}`);
    await get(1, 'menu');
    await get(1, 'principal:1');
    await get(1, 'principal:2');
    // The menu is read again: it is now the most recently used.
    expect(await get(1, 'menu')).toBe('menu#1');
    await get(1, 'principal:3');
    // principal:1 was the least recently used: it loads again; the menu did not.
    expect(await get(1, 'principal:1')).toBe('principal:1#5');
    expect(await get(1, 'menu')).toBe('menu#1');
    // Another site's entries do not count against this one's.
    for (const k of ['a', 'b', 'c']) await get(2, k);
    expect(await get(1, 'menu')).toBe('menu#1');
  });

  it('forgets a failed load, but not the entry loaded after it', async () => {
    const cache = new SiteCache(bus, 10);
    await expect(cache.get(1, 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, 'k', async () => 'up')).toBe('up');
    expect(await cache.get(1, 'k', async () => 'again')).toBe('up');
  });
});
