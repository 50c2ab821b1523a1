// The signed-in session (spec section 4): token and current year for 12 hours, the user's info
// and menus, the button rule of section 6, and logout that clears everything even when the call fails.
import { makeAutoObservable, runInAction } from 'mobx';
import { api, type MenuNode, type UserInfo } from '../api/core.ts';
import { ApiError, errorMessage, onSessionEnd } from '../api/request.ts';
import { SESSION_LIFETIME_MS, STORAGE_KEYS } from '../config.ts';
import i18n from '../locales/index.ts';
import { storage } from '../utils/storage.ts';
import { siteYear } from '../../renderer/time.ts';

/** Set by a sign-in until the account's preferences are applied (sessionStorage key). */
export const PREFERENCES_DUE = 'nk.preferencesDue';
/** A failed logout's message, shown by the login page after the reload (sessionStorage key). */
export const LOGOUT_NOTICE = 'nk.logoutNotice';

export class SessionStore {
  token: string | null = storage.get<string>(STORAGE_KEYS.accessToken);
  info: UserInfo | null = null;
  menus: MenuNode[] | null = null;
  currentYear: string | null = storage.get<string>(STORAGE_KEYS.currentYear);

  constructor() {
    makeAutoObservable(this);
    onSessionEnd(() => this.clear());
  }

  get signedIn() {
    return Boolean(this.token);
  }

  /** Roles loaded and routes generated: the guard's "has roles". */
  get ready() {
    return this.info !== null && this.menus !== null;
  }

  /** Returns the server's answer; on success the token and a default year are stored for 12 hours. */
  async login(body: Parameters<typeof api.login>[0]) {
    const answer = await api.login(body);
    if (answer.code === '0' && answer.data.token) {
      storage.set(STORAGE_KEYS.accessToken, answer.data.token, SESSION_LIFETIME_MS);
      if (!storage.get(STORAGE_KEYS.currentYear)) {
        // This year on the site's clock (issue 32): a sign-in on New Year's Eve elsewhere is still the site's year.
        storage.set(STORAGE_KEYS.currentYear, siteYear(), SESSION_LIFETIME_MS);
      }
      // The account's stored language and layout come with a sign-in, not with every reload (app/preferences.ts).
      sessionStorage.setItem(PREFERENCES_DUE, '1');
      runInAction(() => {
        this.token = answer.data.token!;
        this.currentYear = storage.get<string>(STORAGE_KEYS.currentYear);
        this.info = null;
        this.menus = null;
      });
    }
    return answer;
  }

  /** User info first, then the menu tree (spec section 4). */
  async loadInfo(): Promise<UserInfo> {
    const info = await api.userInfo();
    if (!Array.isArray(info.roleIds) || info.roleIds.length === 0)
      throw new ApiError('roles', 'getInfo: roles must be a non-null array !');
    runInAction(() => (this.info = info));
    return info;
  }

  async loadMenus(): Promise<MenuNode[]> {
    const menus = await api.userMenus();
    runInAction(() => (this.menus = menus));
    return menus;
  }

  /** Button rule (spec section 6): user 1 and a user without a button list pass; else the key must be listed. */
  hasPermission(key: string | undefined): boolean {
    if (!key) return true;
    const info = this.info;
    if (!info) return false;
    if (info.id === 1 || !info.buttons || info.buttons.length === 0) return true;
    return info.buttons.includes(key);
  }

  /**
   * Whether the server will answer a request that needs this key: user 1, or the key in the list.
   * Unlike the button rule, an empty list holds nothing — what the user may not see is not asked
   * for (no block, no bell, no pile of 'insufficient permission' notices).
   */
  holds(key: string | undefined): boolean {
    if (!key) return true;
    const info = this.info;
    if (!info) return false;
    return info.id === 1 || (info.buttons ?? []).includes(key);
  }

  /** Whether the user holds any key at all (user 1 holds them all). */
  get holdsSome(): boolean {
    const info = this.info;
    return Boolean(info && (info.id === 1 || (info.buttons ?? []).length > 0));
  }

  setYear(year: string) {
    storage.set(STORAGE_KEYS.currentYear, year, SESSION_LIFETIME_MS);
    this.currentYear = year;
  }

  clear() {
    storage.remove(STORAGE_KEYS.accessToken);
    this.token = null;
    this.info = null;
    this.menus = null;
  }

  /**
   * Logout: tell the server, but clear the session whatever it answers, then reload. A failed call
   * leaves its message for the login page (LOGOUT_NOTICE), which shows it until dismissed: a
   * message shown here would vanish with the reload.
   */
  async logout() {
    try {
      await api.logout();
    } catch (err) {
      sessionStorage.setItem(LOGOUT_NOTICE, i18n.t('layout.logoutFailed', { reason: errorMessage(err) }));
    } finally {
      this.clear();
      window.location.reload();
    }
  }
}
