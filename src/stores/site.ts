// The organisation this browser is on (spec sections 1, 3, 7): its key, found once by host and
// cached, and its base info (titles, logos, switches), fetched on every load.
import { makeAutoObservable, runInAction } from 'mobx';
import { api, type DeptBaseInfo } from '../api/core.ts';
import { ApiError } from '../api/request.ts';
import { DEFAULT_APP_TITLE, STORAGE_KEYS } from '../config.ts';
import { isWechatBrowser } from '../utils/device.ts';
import { storage } from '../utils/storage.ts';

export class SiteStore {
  key: string | null = storage.get<string>(STORAGE_KEYS.topDeptKey);
  info: DeptBaseInfo | null = null;
  loading = true;
  error: string | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    try {
      let key = this.key;
      if (!key) {
        key = await api.topDeptKey(window.location.hostname);
        storage.set(STORAGE_KEYS.topDeptKey, key);
      }
      let info: DeptBaseInfo;
      try {
        info = await api.deptBaseInfo(key);
      } catch (err) {
        // A key cached for an organisation that no longer exists: ask again once.
        if (!(err instanceof ApiError)) throw err;
        key = await api.topDeptKey(window.location.hostname);
        storage.set(STORAGE_KEYS.topDeptKey, key);
        info = await api.deptBaseInfo(key);
      }
      this.remember(info);
      if (info.extend.disable) {
        window.location.href = '/disable.html';
        return;
      }
      runInAction(() => {
        this.key = key;
        this.info = info;
        this.loading = false;
      });
      document.title = this.appTitle;
    } catch (err) {
      runInAction(() => {
        this.error = err instanceof Error ? err.message : String(err);
        this.loading = false;
      });
    }
  }

  private remember(info: DeptBaseInfo) {
    storage.set(STORAGE_KEYS.label, info.label);
    storage.set(STORAGE_KEYS.topDeptName, info.extend.topDeptName);
    storage.set(STORAGE_KEYS.loginTitle, info.loginTitle);
    storage.set(STORAGE_KEYS.loginLogo, info.loginLogo);
    storage.set(STORAGE_KEYS.navTitle, info.navTitle);
    storage.set(STORAGE_KEYS.navLogo, info.navLogo);
    storage.set(STORAGE_KEYS.otherSystemList, info.extend.otherSystemList);
    storage.set(STORAGE_KEYS.siteConfig, info.config);
  }

  config(key: string): string | undefined {
    return this.info?.config[key];
  }

  get appTitle(): string {
    return this.config('ui.appTitle') || DEFAULT_APP_TITLE;
  }

  get navTitle(): string {
    return this.info?.navTitle || this.appTitle;
  }

  get loginTitle(): string {
    return this.info?.loginTitle || this.appTitle;
  }

  /** The compact messaging-app layout, unless this site turns it off (ui.noWechatLayout). */
  get wechatLayout(): boolean {
    return isWechatBrowser() && this.config('ui.noWechatLayout') !== 'true';
  }
}
