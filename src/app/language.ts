// Switching the interface language: texts, antd and dayjs follow, Accept-Language follows (the
// API client reads i18n.language), and the menus are fetched again in the new language.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/pt-br';
import i18n, { loadLanguage, type Language } from '../locales/index.ts';
import type { RootStore } from '../stores/index.ts';

const DAYJS: Record<Language, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en', 'pt-BR': 'pt-br' };

export function applyLanguage(language: Language) {
  void i18n.changeLanguage(language);
  dayjs.locale(DAYJS[language]);
  document.documentElement.lang = language;
}

export async function switchLanguage(stores: RootStore, language: Language) {
  // The texts first (a chunk of their own), so nothing renders half in the old language.
  await loadLanguage(language).catch(() => undefined);
  stores.settings.setLanguage(language);
  applyLanguage(language);
  if (stores.session.ready) await stores.session.loadMenus().catch(() => undefined);
}
