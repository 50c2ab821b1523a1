// Date and date-time fields: loaded with the first form that has one. @formily/antd-v5's DatePicker
// reads a stored value with dayjs(value, format), which drops an instant's 'Z' and shows the UTC
// clock as if it were local; this one is the same Formily binding over the site's picker
// (../sitePicker.ts): a stored instant shows as the SITE's wall time, and the field takes back the
// site's wall time, offset-less ('YYYY-MM-DD HH:mm:ss' for a date-time, which the server reads in
// the site's zone); a date ('YYYY-MM-DD') and a month stay as typed. Read-only, the same text.
import { createElement, type ComponentType } from 'react';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { PreviewText } from '@formily/antd-v5';
import type { Dayjs } from 'dayjs';
import { pickerText, pickerValue, SiteDatePicker } from '../sitePicker.ts';
import { formatInstant, isInstant } from '../../time.ts';

interface DateProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  format?: string;
  picker?: string;
  showTime?: unknown;
  className?: string;
  style?: React.CSSProperties;
}

/** The format a picker shows and keeps its value in (Formily's own defaults). */
export function formatOf(props: DateProps): string {
  if (props.format) return props.format;
  if (props.picker === 'month') return 'YYYY-MM';
  if (props.picker === 'quarter') return 'YYYY-\\QQ';
  if (props.picker === 'year') return 'YYYY';
  return props.showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
}

const mapDates = (props: DateProps) => {
  const format = formatOf(props);
  const { onChange } = props;
  const value = Array.isArray(props.value) ? props.value.map((v) => pickerValue(v, format)) : pickerValue(props.value, format);
  return {
    ...props,
    format,
    value,
    onChange: (next: Dayjs | null | Array<Dayjs | null> | null) =>
      onChange?.(Array.isArray(next) ? next.map((v) => pickerText(v, format)) : pickerText(next, format)),
  };
};

/** What a read-only date field shows: an instant on the site's clock, anything else as written. */
export function dateText(value: unknown, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (isInstant(value)) return formatInstant(value, format);
  const shown = pickerValue(value, format);
  return shown ? shown.format(format) : String(value);
}

function DateReadPretty(props: DateProps) {
  const format = formatOf(props);
  const labels = (Array.isArray(props.value) ? props.value : [props.value]).map((v) => dateText(v, format));
  // Formily's own text box: its styles and the form's placeholder for an empty value.
  return createElement(PreviewText, { className: props.className, style: props.style, value: labels.filter(Boolean).join('~') });
}

// The mapper hands antd what it takes (wall dayjs values); Formily's types cannot follow a value
// that changes its type on the way in.
const Single = connect(SiteDatePicker as ComponentType<object>, mapProps(mapDates), mapReadPretty(DateReadPretty));
const RangePicker = connect(
  SiteDatePicker.RangePicker as ComponentType<object>,
  mapProps(mapDates),
  mapReadPretty(DateReadPretty),
);

export const DatePicker = Object.assign(Single, { RangePicker });
