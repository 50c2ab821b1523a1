// Layout preferences of spec sections 2–4, kept in local storage (pro__…), with their interlocks:
// no fixed header → no auto-hide; top menu → no fixed side menu, and Fluid width only in top menu.
import { makeAutoObservable } from 'mobx';
import { DEFAULT_COLOR, STORAGE_KEYS } from '../config.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../locales/index.ts';
import { storage } from '../utils/storage.ts';

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

const read = <T>(key: string, fallback: T): T => storage.get<T>(key) ?? fallback;

export class SettingsStore {
  navTheme: NavTheme = read(STORAGE_KEYS.navTheme, 'dark');
  primaryColor: string = read(STORAGE_KEYS.color, DEFAULT_COLOR);
  layout: LayoutMode = read(STORAGE_KEYS.layout, 'sidemenu');
  contentWidth: ContentWidth = read(STORAGE_KEYS.contentWidth, 'Fixed');
  fixedHeader: boolean = read(STORAGE_KEYS.fixedHeader, false);
  autoHideHeader: boolean = read(STORAGE_KEYS.autoHideHeader, false);
  fixedSidebar: boolean = read(STORAGE_KEYS.fixedSidebar, true);
  colorWeak: boolean = read(STORAGE_KEYS.colorWeak, false);
  multiTab: boolean = read(STORAGE_KEYS.multiTab, true);
  sidebarOpen: boolean = read(STORAGE_KEYS.sidebarOpen, true);
  language: Language = (() => {
    const stored = storage.get<string>(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  })();

  constructor() {
    makeAutoObservable(this);
    if (this.layout === 'topmenu') this.fixedSidebar = false;
    if (!this.fixedHeader) this.autoHideHeader = false;
    if (this.layout === 'sidemenu') this.contentWidth = 'Fixed';
  }

  setNavTheme(theme: NavTheme) {
    this.navTheme = theme;
    storage.set(STORAGE_KEYS.navTheme, theme);
  }

  setPrimaryColor(color: string) {
    this.primaryColor = color;
    storage.set(STORAGE_KEYS.color, color);
  }

  setLayout(layout: LayoutMode) {
    this.layout = layout;
    storage.set(STORAGE_KEYS.layout, layout);
    if (layout === 'topmenu') this.setFixedSidebar(false);
    else this.setContentWidth('Fixed');
  }

  setContentWidth(width: ContentWidth) {
    this.contentWidth = this.layout === 'topmenu' ? width : 'Fixed';
    storage.set(STORAGE_KEYS.contentWidth, this.contentWidth);
  }

  setFixedHeader(on: boolean) {
    this.fixedHeader = on;
    storage.set(STORAGE_KEYS.fixedHeader, on);
    if (!on) this.setAutoHideHeader(false);
  }

  setAutoHideHeader(on: boolean) {
    this.autoHideHeader = on && this.fixedHeader;
    storage.set(STORAGE_KEYS.autoHideHeader, this.autoHideHeader);
  }

  setFixedSidebar(on: boolean) {
    this.fixedSidebar = on && this.layout === 'sidemenu';
    storage.set(STORAGE_KEYS.fixedSidebar, this.fixedSidebar);
  }

  setColorWeak(on: boolean) {
    this.colorWeak = on;
    storage.set(STORAGE_KEYS.colorWeak, on);
  }

  setMultiTab(on: boolean) {
    this.multiTab = on;
    storage.set(STORAGE_KEYS.multiTab, on);
  }

  setSidebarOpen(open: boolean) {
    this.sidebarOpen = open;
    storage.set(STORAGE_KEYS.sidebarOpen, open);
  }

  setLanguage(language: Language) {
    this.language = language;
    storage.set(STORAGE_KEYS.language, language);
  }

  /** What "copy settings" puts on the clipboard. */
  get snapshot() {
    return {
      navTheme: this.navTheme,
      primaryColor: this.primaryColor,
      layout: this.layout,
      contentWidth: this.contentWidth,
      fixedHeader: this.fixedHeader,
      autoHideHeader: this.autoHideHeader,
      fixSiderbar: this.fixedSidebar,
      colorWeak: this.colorWeak,
      multiTab: this.multiTab,
    };
  }
}
