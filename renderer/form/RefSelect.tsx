// A reference field: choose a row of another entity by its display field, searched on the server.
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { connect, mapProps } from '@formily/react';
import { useRenderer } from '../context.tsx';

function RefSelectInput({
  value,
  onChange,
  api,
  display,
  disabled,
  allowClear,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  api?: string;
  display?: string;
  disabled?: boolean;
  allowClear?: boolean;
}) {
  const env = useRenderer();
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (!api || !display) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      env.fetcher
        .get<{ records: Array<Record<string, unknown> & { id: number }> }>(`${api}/page`, {
          pageNum: 1,
          pageSize: 20,
          ...(search ? { [display]: search } : {}),
        })
        .then((a) => {
          if (cancelled || a.code !== '0') return;
          setOptions(a.data.records.map((r) => ({ value: r.id, label: String(r[display] ?? r.id) })));
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, display, search]);

  // The chosen row may not be in the first page of choices: fetch its label.
  useEffect(() => {
    if (!api || !display || value === null || value === undefined || options.some((o) => o.value === value)) return;
    env.fetcher
      .get<Record<string, unknown>>(`${api}/infoById/${value}`)
      .then((a) => a.code === '0' && setOptions((o) => [...o, { value: Number(value), label: String(a.data[display] ?? value) }]))
      .catch(() => undefined);
  }, [value, api, display]);

  return (
    <Select
      showSearch
      allowClear={allowClear ?? true}
      disabled={disabled}
      value={value ?? undefined}
      options={options}
      filterOption={false}
      onSearch={setSearch}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

export const RefSelect = connect(
  RefSelectInput,
  mapProps((props) => props),
);
