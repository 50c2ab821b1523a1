// The organisation this browser is on (spec sections 1, 3, 7): its key, found once by host and
// cached, and its base info (titles, logos, switches, its time zone), fetched on every load.
import { makeAutoObservable, runInAction } from 'mobx';
import { api, type DeptBaseInfo } from '../api/core.ts';
import { ApiError } from '../api/request.ts';
import { DEFAULT_APP_TITLE, STORAGE_KEYS } from '../config.ts';
import { isWechatBrowser } from '../utils/device.ts';
import i18n from '../locales/index.ts';
import { storage } from '../utils/storage.ts';
import { setSiteTimeZone, TIME_ZONE_SETTING } from '../../renderer/time.ts';

const ownTitle = (title: string | undefined) => (title && title !== DEFAULT_APP_TITLE ? title : undefined);

export class SiteStore {
  key: string | null = storage.get<string>(STORAGE_KEYS.topDeptKey);
  info: DeptBaseInfo | null = null;
  loading = true;
  /** Why the base info did not come (shown through the API client's catalogue, in the user's language). */
  error: unknown = null;

  constructor(private readonly settings: { language: string }) {
    makeAutoObservable<SiteStore, 'settings'>(this, { settings: false });
  }

  async load(): Promise<void> {
    runInAction(() => {
      this.loading = true;
      this.error = null;
    });
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
      // Every time shown or typed from here on is on the site's clock (renderer/time.ts).
      setSiteTimeZone(info.config[TIME_ZONE_SETTING]);
      if (info.extend.disable) {
        window.location.href = '/disable.html';
        return;
      }
      runInAction(() => {
        this.key = key;
        this.info = info;
        this.loading = false;
      });
    } catch (err) {
      runInAction(() => {
        this.error = err ?? new Error('site');
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

  /**
   * The application's name: the site's own, or the product's name in the interface language. The
   * release's default (内控系统, what every site starts with) counts as none set.
   */
  get appTitle(): string {
    return ownTitle(this.config('ui.appTitle')) ?? i18n.t('app.defaultTitle', { lng: this.settings.language });
  }

  get navTitle(): string {
    return ownTitle(this.info?.navTitle) ?? this.appTitle;
  }

  get loginTitle(): string {
    return ownTitle(this.info?.loginTitle) ?? this.appTitle;
  }

  /** The compact messaging-app layout, unless this site turns it off (ui.noWechatLayout). */
  get wechatLayout(): boolean {
    return isWechatBrowser() && this.config('ui.noWechatLayout') !== 'true';
  }
}
