// i18next with the four interface languages (spec section 9: default en-US). antd and dayjs
// follow the same choice.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './en-US.ts';
import ptBR from './pt-BR.ts';
import zhCN from './zh-CN.ts';
import zhTW from './zh-TW.ts';

export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文', flag: '🇨🇳' },
  { code: 'zh-TW', label: '繁體中文', flag: '🇭🇰' },
  { code: 'en-US', label: 'English', flag: '🇺🇸' },
  { code: 'pt-BR', label: 'Português', flag: '🇧🇷' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export const resources = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS, 'pt-BR': ptBR };

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && x in resources;
}

export function initI18n(language: Language) {
  void i18n.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(resources).map(([k, v]) => [k, { translation: v }])),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}

export default i18n;
