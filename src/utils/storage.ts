// Local storage with the pro__ prefix and an optional expiry, stored as {"value":…,"expire":ms|null}
// (the format of the vue-ls storage the original product used, so existing browsers keep their data).
import { STORAGE_PREFIX } from '../config.ts';

interface Stored<T> {
  value: T;
  expire: number | null;
}

export const storage = {
  get<T>(key: string, fallback: T | null = null): T | null {
    try {
      const raw = localStorage.getItem(STORAGE_PREFIX + key);
      if (raw === null) return fallback;
      const item = JSON.parse(raw) as Stored<T>;
      if (item.expire !== null && item.expire !== undefined && item.expire <= Date.now()) {
        localStorage.removeItem(STORAGE_PREFIX + key);
        return fallback;
      }
      return item.value ?? fallback;
    } catch {
      return fallback;
    }
  },
  set<T>(key: string, value: T, lifetimeMs: number | null = null) {
    const item: Stored<T> = { value, expire: lifetimeMs === null ? null : Date.now() + lifetimeMs };
    try {
      localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(item));
    } catch {
      /* storage full or blocked: the setting lasts this page only */
    }
  },
  remove(key: string) {
    localStorage.removeItem(STORAGE_PREFIX + key);
  },
};
