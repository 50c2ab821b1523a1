// i18next with the four interface languages (spec section 9: default en-US). antd and dayjs
// follow the same choice. en-US (the fallback) is in the entry; each other language is a chunk of
// its own, loaded before the first render that needs it — the login route carries one language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './en-US.ts';

export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文', flag: '🇨🇳' },
  { code: 'zh-TW', label: '繁體中文', flag: '🇭🇰' },
  { code: 'en-US', label: 'English', flag: '🇺🇸' },
  { code: 'pt-BR', label: 'Português', flag: '🇧🇷' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en-US';

type Texts = typeof enUS;
const LOADERS: Record<Language, () => Promise<{ default: Texts }>> = {
  'zh-CN': () => import('./zh-CN.ts'),
  'zh-TW': () => import('./zh-TW.ts'),
  'en-US': async () => ({ default: enUS }),
  'pt-BR': () => import('./pt-BR.ts'),
};

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && LANGUAGES.some((l) => l.code === x);
}

/** A language's texts in i18next, loaded once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const texts = (await LOADERS[language]()).default;
  i18n.addResourceBundle(language, 'translation', texts, true, true);
}

/** Starts i18next in a language, its texts loaded: render after this resolves. */
export async function initI18n(language: Language) {
  await i18n.use(initReactI18next).init({
    resources: { [DEFAULT_LANGUAGE]: { translation: enUS } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  return i18n;
}

export default i18n;
