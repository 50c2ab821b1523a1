// A select whose choices come from an endpoint answering [{value, label}] (the business screen:
// document types that go through approval, deployed process keys). Read-pretty shows the label.
// With `params` the endpoint is asked with values of the form (a contract payment's instalments of
// the chosen contract), with `columns` each choice is a row of its figures under a heading, and with
// `fill` a choice fills other fields of the form (the amount: what is left of the instalment).
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Select, Typography } from 'antd';
import { connect, mapProps } from '@formily/react';
import { useRenderer } from '../context.tsx';
import { columnWidth, PickerRow, pickerCell, type PickerColumn } from './RefPicker.tsx';

export interface Option {
  value: string | number;
  label: string;
  /** The choice as the endpoint answered it (its figures, for columns and fills). */
  row?: Record<string, unknown>;
}

/** The choices of an answer: a list of {value, label} (with `withRows`, each with its member as `row`); anything else gives none. */
export function optionsOf(data: unknown, withRows = false): Option[] {
  if (!Array.isArray(data)) return [];
  return data
    .filter((o): o is { value: unknown; label?: unknown } => Boolean(o) && typeof o === 'object' && 'value' in o)
    .filter((o) => typeof o.value === 'string' || typeof o.value === 'number')
    .map((o) => ({
      value: o.value as string | number,
      label: String(o.label ?? o.value),
      ...(withRows ? { row: o as Record<string, unknown> } : {}),
    }));
}

/** Whether a parameter the endpoint needs is still empty (`id`, the record's own, may be: a new one). */
const lacks = (asked: Record<string, unknown>) =>
  Object.entries(asked).some(([k, v]) => (v === null || v === undefined || v === '') && k !== 'id');

function OptionsSelectInput({
  value,
  onChange,
  api,
  readOnly,
  disabled,
  allowClear,
  placeholder,
  params,
  query,
  columns,
  fill,
  setValue,
  dataSource,
}: {
  value?: string | number | null;
  onChange?: (v: string | number | null) => void;
  api?: string;
  readOnly?: boolean;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  /** Query parameters from the form: parameter → form field (contractId → the chosen contract). */
  params?: Record<string, string>;
  /** Those parameters' values now (mapProps reads them from the form). */
  query?: Record<string, unknown>;
  columns?: PickerColumn[];
  /** On a choice these form fields take the choice's members: form field → member. */
  fill?: Record<string, string>;
  setValue?: (path: string, value: unknown) => void;
  /** The field's own words (a dictionary field's enum): what a value reads as without asking the api. */
  dataSource?: Option[];
}) {
  const env = useRenderer();
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  // Asked with the form's values: nothing to ask until each is there, and nothing when only read
  // (the reader may not be allowed to ask; the value shows as it is).
  const asked = params ? Object.fromEntries(Object.keys(params).map((k) => [k, query?.[k]])) : {};
  const missing = lacks(asked);
  const key = JSON.stringify(asked);
  const lastKey = useRef(key);

  useEffect(() => {
    // Another contract chosen (not the first one, nor the record arriving): the instalment chosen for the former one goes.
    if (lastKey.current !== key) {
      const before = JSON.parse(lastKey.current) as Record<string, unknown>;
      lastKey.current = key;
      if (!lacks(before) && !readOnly && value !== null && value !== undefined && value !== '') onChange?.(null);
    }
    // Only read, a dictionary field reads by its own words: the api answers for the reader (an
    // approver's own leave balance), not for the document, and its label would come late.
    if (!api || (params && (readOnly || missing)) || (readOnly && dataSource?.length)) return void setOptions([]);
    let cancelled = false;
    setLoading(true);
    const clean = Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== null && v !== undefined && v !== ''));
    env.fetcher
      .get(api, params ? clean : undefined)
      .then((a) => {
        if (cancelled) return;
        if (a.code === '0') setOptions(optionsOf(a.data, Boolean(columns?.length || fill)));
        else env.message.error(a.msg);
      })
      .catch((err) => !cancelled && env.message.error(env.errorText(err)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, env.language, key, readOnly, Boolean(dataSource?.length)]);

  const empty = value === null || value === undefined || value === '';
  const label = empty
    ? '—'
    : (options.find((o) => o.value === value)?.label ?? dataSource?.find((o) => o.value === value)?.label ?? String(value));
  if (readOnly) return <Typography.Text>{label}</Typography.Text>;
  const widths = columns?.map((c) => columnWidth(c)) ?? [];
  const align = (c: PickerColumn, text: string): ReactNode =>
    c.type === 'money' ? <span style={{ display: 'block', textAlign: 'right' }}>{text}</span> : text;
  const choose = (v: string | number | null) => {
    onChange?.(v);
    const row = v === null ? undefined : options.find((o) => o.value === v)?.row;
    if (fill && row && setValue)
      for (const [target, member] of Object.entries(fill)) if (row[member] !== undefined) setValue(target, row[member]);
  };
  // A stored value no longer offered (a process since removed) still shows as itself.
  const shown =
    !empty && !options.some((o) => o.value === value) ? [...options, { value: value!, label: String(value) }] : options;
  return (
    <Select
      showSearch
      optionFilterProp="label"
      allowClear={allowClear ?? true}
      disabled={disabled}
      loading={loading}
      placeholder={placeholder}
      value={empty ? undefined : value}
      options={shown}
      onChange={(v) => choose((v as string | number | undefined) ?? null)}
      style={{ width: '100%' }}
      data-testid={columns?.length ? 'options-picker' : undefined}
      {...(columns?.length
        ? {
            popupMatchSelectWidth: widths.reduce((a, w) => a + w + 8, 24),
            optionRender: (o: { data: { row?: Record<string, unknown>; label?: ReactNode } }) =>
              o.data.row ? (
                <PickerRow widths={widths} cells={columns.map((c) => align(c, pickerCell(c, { id: 0, ...o.data.row! }, env.language)))} />
              ) : (
                o.data.label
              ),
            popupRender: (menu: ReactElement) => (
              <div data-testid="options-picker-popup">
                <div style={{ padding: '4px 12px 6px', borderBottom: '1px solid #f0f0f0', marginBottom: 4 }}>
                  <PickerRow head widths={widths} cells={columns.map((c) => align(c, c.title))} />
                </div>
                {menu}
              </div>
            ),
          }
        : {})}
    />
  );
}

export const OptionsSelect = connect(
  OptionsSelectInput,
  mapProps((props: object, field: unknown) => {
    const f = field as {
      pattern?: string;
      dataSource?: Option[];
      form?: { getValuesIn(path: string): unknown; setValuesIn(path: string, value: unknown): void };
      path?: { toString(): string };
    };
    const params = (props as { params?: Record<string, string> }).params;
    // In a sub-table's line the fields are the line's own (as a reference's fill).
    const at = f.path?.toString().split('.') ?? [];
    const line = at.length > 2 && /^\d+$/.test(at[at.length - 2]!) ? `${at.slice(0, -1).join('.')}.` : '';
    return {
      ...props,
      readOnly: f.pattern === 'readPretty' || (props as { readOnly?: boolean }).readOnly,
      dataSource: f.dataSource,
      ...(params && f.form
        ? { query: Object.fromEntries(Object.entries(params).map(([k, path]) => [k, f.form!.getValuesIn(`${line}${path}`)])) }
        : {}),
      ...(f.form ? { setValue: (path: string, v: unknown) => f.form!.setValuesIn(`${line}${path}`, v) } : {}),
    };
  }),
);
