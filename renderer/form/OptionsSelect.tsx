// A select whose choices come from an endpoint answering [{value, label}] (the business screen:
// document types that go through approval, deployed process keys). Read-pretty shows the label.
import { useEffect, useState } from 'react';
import { Select, Typography } from 'antd';
import { connect, mapProps } from '@formily/react';
import { useRenderer } from '../context.tsx';

export interface Option {
  value: string | number;
  label: string;
}

/** The choices of an answer: a list of {value, label}; anything else gives none. */
export function optionsOf(data: unknown): Option[] {
  if (!Array.isArray(data)) return [];
  return data
    .filter((o): o is { value: unknown; label?: unknown } => Boolean(o) && typeof o === 'object' && 'value' in o)
    .filter((o) => typeof o.value === 'string' || typeof o.value === 'number')
    .map((o) => ({ value: o.value as string | number, label: String(o.label ?? o.value) }));
}

function OptionsSelectInput({
  value,
  onChange,
  api,
  readOnly,
  disabled,
  allowClear,
  placeholder,
}: {
  value?: string | number | null;
  onChange?: (v: string | number | null) => void;
  api?: string;
  readOnly?: boolean;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
}) {
  const env = useRenderer();
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!api) return;
    let cancelled = false;
    setLoading(true);
    env.fetcher
      .get(api)
      .then((a) => {
        if (cancelled) return;
        if (a.code === '0') setOptions(optionsOf(a.data));
        else env.message.error(a.msg);
      })
      .catch((err) => !cancelled && env.message.error(env.errorText(err)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, env.language]);

  const empty = value === null || value === undefined || value === '';
  const label = empty ? '—' : (options.find((o) => o.value === value)?.label ?? String(value));
  if (readOnly) return <Typography.Text>{label}</Typography.Text>;
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
      onChange={(v) => onChange?.((v as string | number | undefined) ?? null)}
      style={{ width: '100%' }}
    />
  );
}

export const OptionsSelect = connect(
  OptionsSelectInput,
  mapProps((props: object, field: unknown) => ({
    ...props,
    readOnly: (field as { pattern?: string }).pattern === 'readPretty' || (props as { readOnly?: boolean }).readOnly,
  })),
);
