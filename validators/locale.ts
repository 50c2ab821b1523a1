// The four interface languages, and how an Accept-Language header picks one.
export const LOCALES = ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** A text in every locale: the shape of every message catalogue entry. */
export type Localized = Record<Locale, string>;

function match(tag: string): Locale | null {
  const t = tag.trim().toLowerCase();
  if (!t) return null;
  if (t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zh-TW';
  if (t.startsWith('zh')) return 'zh-CN';
  if (t.startsWith('pt')) return 'pt-BR';
  if (t.startsWith('en')) return 'en-US';
  return null;
}

/** Best of our locales for an Accept-Language header (q-values honoured), else en-US. */
export function resolveLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const locale = match(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** Fill {name} placeholders. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
