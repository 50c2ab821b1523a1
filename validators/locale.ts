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

/**
 * Fill {name} placeholders; {name:money} prints an amount as people read it in the locale
 * (12,345.60; pt-BR 12.345,60), so a message never shows 1234567 or 1234567.5.
 */
export function format(template: string, params?: Record<string, string | number>, locale?: Locale): string {
  if (!params) return template;
  return template.replace(/\{(\w+)(:money)?\}/g, (whole, key: string, money?: string) =>
    key in params ? (money ? moneyText(params[key]!, locale) : String(params[key])) : whole,
  );
}

/** A decimal amount grouped by thousands; anything that is not a plain decimal prints as it is. */
export function moneyText(value: string | number, locale?: Locale): string {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return String(value);
  const [group, point] = locale === 'pt-BR' ? ['.', ','] : [',', '.'];
  const whole = m[2]!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, group);
  // Cents always show, as in every amount of the product's lists.
  return `${m[1]}${whole}${point}${(m[3] ?? '').padEnd(2, '0')}`;
}

/** Between a document's kind and its own title: '预算调整申请：印刷费追减', 'Leave application: Trip'. */
export const titleSeparator = (language: string) => (language.startsWith('zh') ? '：' : ': ');

/** Between the items of a short list ('部门负责人审批、财务审核', 'Department head approval, Finance review'). */
export const listSeparator = (language: string) => (language.startsWith('zh') ? '、' : ', ');

/** Between the sentences of a notice's list ('…到期；…逾期3天', '…due 2026-12-01; …'). */
export const itemsSeparator = (language: string) => (language.startsWith('zh') ? '；' : '; ');

/**
 * What the approval page, its tab and the task lists call a document: its kind and its own title
 * (the entity's display field), or its number when it has none.
 */
export function documentTitle(kind: string, shown: unknown, id: number | string, language: string): string {
  const own = shown !== null && shown !== undefined && String(shown).trim() !== '' ? String(shown).trim() : `#${id}`;
  if (!kind) return own;
  return `${kind}${titleSeparator(language)}${own}`;
}
