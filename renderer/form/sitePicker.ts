// antd's date picker on the site's clock (issue 32): the same picker, made over wall dayjs values
// (../time.ts) — its "today", "now" and this month are the site's, whatever the browser's own zone,
// and what it parses from typed text is a wall time too, so every date it holds is of one kind and
// compares with the others. A value in is shown on the site's clock (`pickerValue`); a value out is
// formatted field by field (`pickerText`): the site's wall time, 'YYYY-MM-DD HH:mm:ss' for a
// date-time, which the server reads in the site's zone; a date stays a date.
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { GenerateConfig } from 'rc-picker/lib/generate/index';
import dayjsConfig from 'rc-picker/es/generate/dayjs';
import { isInstant, siteNow, wallOf } from '../time.ts';

dayjs.extend(customParseFormat);

/** Text in one of the formats, as a wall dayjs (UTC mode: no jump of the browser's clock changes). */
function parseWall(text: string, formats: string[], strict: boolean): Dayjs | null {
  for (const format of formats) {
    const d = dayjs.utc(text, format, strict);
    if (d.isValid()) return d;
  }
  return null;
}

const base = dayjsConfig as GenerateConfig<Dayjs>;

/** rc-picker's dayjs configuration, with now and parsing on the site's wall clock. */
export const siteGenerateConfig: GenerateConfig<Dayjs> = {
  ...base,
  getNow: () => siteNow(),
  getFixedDate: (fixed) => parseWall(fixed, ['YYYY-M-DD', 'YYYY-MM-DD'], false) ?? siteNow(),
  locale: {
    ...base.locale,
    parse: (locale, text, formats) => {
      // Week formats ('gggg-wo') stay antd's; the product has no week picker.
      if (formats.some((f) => f.includes('wo') || f.includes('Wo'))) return base.locale.parse(locale, text, formats);
      const d = parseWall(text, formats, true);
      return d ? d.locale(dayjsLocale(locale)) : null;
    },
  },
};

/** antd's locale name ('zh_CN') as dayjs's ('zh-cn'). */
function dayjsLocale(locale: string): string {
  const map: Record<string, string> = {
    zh_CN: 'zh-cn',
    zh_TW: 'zh-tw',
    zh_HK: 'zh-hk',
    pt_BR: 'pt-br',
    en_US: 'en',
    en_GB: 'en-gb',
  };
  return map[locale] ?? locale.split('_')[0]!.toLowerCase();
}

/** antd's DatePicker (and RangePicker) over the site's clock. */
export const SiteDatePicker = DatePicker.generatePicker<Dayjs>(siteGenerateConfig);

/**
 * A stored value as the picker shows it: an instant ('2026-12-04T01:00:00.000Z') as the site's wall
 * time; an offset-less wall time or a date as written, in the picker's format; undefined for
 * nothing or for what is no date (the picker shows empty rather than fail).
 */
export function pickerValue(value: unknown, format: string): Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (dayjs.isDayjs(value)) return value;
  if (isInstant(value)) return wallOf(value) ?? undefined;
  if (typeof value !== 'string') return undefined;
  return parseWall(value, [format], true) ?? wallOf(value) ?? parseWall(value, [format], false) ?? undefined;
}

/** The picker's value as the form keeps it: its fields in the format (the site's wall time). */
export function pickerText(value: Dayjs | null | undefined, format: string): string | undefined {
  if (!value) return undefined;
  return value.isValid() ? value.format(format) : undefined;
}
