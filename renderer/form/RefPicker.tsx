// Choose one row or several of another entity by its display field: choices from the referred
// entity's pick endpoint (page by default; pageOfBase for users, all for roles), searched on the
// server 20 at a time (spec section 9 "User search page size 20"). Plain antd, no Formily: a list's
// query form and the approval page's transfer use it as it is; forms through RefSelect.
import { useEffect, useMemo, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { Select } from 'antd';
import { useRenderer } from '../context.tsx';
import { thousands } from '../format.ts';
import { rt } from '../texts.ts';

export type Id = number;
export type Rec = Record<string, unknown> & { id: number };

export interface PickerProps {
  api?: string;
  /** The key reading the choices needs; a caller without it gets a shut picker and no refused call. */
  access?: string;
  display?: string;
  pick?: string;
  disabled?: boolean;
  readOnly?: boolean;
  allowClear?: boolean;
  multiple?: boolean;
  /** Fixed conditions on the choices (an application that is approved and open): query members. */
  filter?: Record<string, string | number>;
  /** After a choice: the value and, for a single choice among the fetched rows, the row. */
  onChosen?: (value: Id | Id[] | null, row: Rec | undefined) => void;
  /**
   * The chosen row's label as the record itself carries it (`<field>Label`, which every read of a
   * document has): shown without asking the referred entity, which the reader may not be allowed
   * to list (a buyer reading a payment's budget line, an approver from another department).
   */
  labelHint?: string;
  /** Only rows whose field begins with one of the prefixes (an indicator of the document's classes). */
  prefix?: Record<string, string[]>;
  /** The query parameter the typed text goes as (`keyword`: code or name), else the display field. */
  searchAs?: string;
  /** The choices as rows of columns under a heading (an indicator's code, class, department, available). */
  columns?: PickerColumn[];
}

/** A column of a picker's choices: a field of the rows, its title in the reader's words. */
export interface PickerColumn {
  field: string;
  title: string;
  type?: string;
  /** A dictionary field's values in words. */
  labels?: Record<string, string>;
  /** Its width in pixels, when not the one its kind takes. */
  width?: number;
}

/** Each column's width (px) by what it holds: a name wide, an amount right-aligned. */
export const columnWidth = (c: PickerColumn, display?: string) =>
  c.width ?? (c.field === display ? 200 : c.type === 'money' ? 120 : c.type === 'dict' ? 150 : c.type === 'ref' ? 110 : 110);

/** A cell of a choice: a dictionary value by its label, a reference by the label its row carries, money with separators. */
export function pickerCell(c: PickerColumn, row: Rec, language?: string): string {
  const v = row[c.field];
  if (v === null || v === undefined || v === '') return '';
  if (c.labels) return c.labels[String(v)] ?? String(v);
  if (c.type === 'ref') return String(row[`${c.field}Label`] ?? v);
  if (c.type === 'money') return thousands(v, 2, language);
  return String(v);
}

export function PickerRow({ cells, widths, head }: { cells: ReactNode[]; widths: number[]; head?: boolean }) {
  return (
    <div
      style={{
        display: 'grid',
        // In proportion to the widths: as wide as they are where the list takes their sum, narrower
        // together on a phone, where the list takes the screen's width (renderer/phone.css).
        gridTemplateColumns: widths.map((w) => `minmax(0, ${w}fr)`).join(' '),
        gap: 8,
        fontWeight: head ? 600 : undefined,
        color: head ? 'rgba(0,0,0,0.55)' : undefined,
      }}
      data-testid={head ? 'ref-picker-head' : 'ref-picker-row'}
    >
      {cells.map((cell, i) => (
        <span
          key={i}
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={typeof cell === 'string' ? cell : undefined}
        >
          {cell}
        </span>
      ))}
    </div>
  );
}

/** Rows of an answer that is either a list or a page. */
export const rowsOf = (data: unknown): Rec[] =>
  Array.isArray(data) ? (data as Rec[]) : ((data as { records?: Rec[] } | null)?.records ?? []);

export function RefPicker({
  value,
  onChange,
  api,
  display,
  pick = 'page',
  access,
  disabled,
  readOnly,
  allowClear,
  multiple,
  filter,
  onChosen,
  labelHint,
  prefix,
  searchAs,
  columns,
  placeholder,
  style,
}: PickerProps & {
  value?: Id | Id[] | null;
  onChange?: (v: Id | Id[] | null) => void;
  placeholder?: string;
  style?: CSSProperties;
}) {
  const env = useRenderer();
  const [options, setOptions] = useState<Array<{ value: Id; label: string; row: Rec }>>([]);
  const [known, setKnown] = useState<Map<Id, string>>(new Map());
  const [search, setSearch] = useState('');
  const values = useMemo(
    // Ids start at 1: a 0 is "none" (an indicator with no parent), shown as an empty choice.
    () => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(Number).filter((v) => v > 0),
    [value],
  );

  const allowed = !access || env.hasPermission(access);

  useEffect(() => {
    if (!api || !display || readOnly || !allowed) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      env.fetcher
        .get(`${api}/${pick}`, {
          pageNum: 1,
          pageSize: 20,
          ...filter,
          ...prefixParams(prefix),
          ...(search ? { [searchAs ?? display]: search } : {}),
        })
        .then((a) => {
          if (cancelled || a.code !== '0') return;
          setOptions(rowsOf(a.data).map((r) => ({ value: Number(r.id), label: String(r[display] ?? r.id), row: r })));
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, display, pick, search, readOnly, JSON.stringify(filter), JSON.stringify(prefix)]);

  // Chosen rows may not be among the first choices: fetch their labels.
  useEffect(() => {
    if (!api || !display || !allowed) return;
    const missing = values.filter((v) => !known.has(v) && !options.some((o) => o.value === v));
    if (!missing.length || (labelHint && values.length === 1)) return;
    const remember = (rows: Rec[]) =>
      setKnown((k) => new Map([...k, ...rows.map((r) => [Number(r.id), String(r[display] ?? r.id)] as [Id, string])]));
    if (pick !== 'page') {
      env.fetcher
        .get(`${api}/${pick}`, { ids: missing.join(','), pageNum: 1, pageSize: 100 })
        .then((a) => a.code === '0' && remember(rowsOf(a.data)))
        .catch(() => undefined);
    } else {
      for (const id of missing)
        env.fetcher
          .get<Rec>(`${api}/infoById/${id}`)
          .then((a) => a.code === '0' && remember([a.data]))
          .catch(() => undefined);
    }
  }, [values.join(','), api, display, pick]);

  const label = (v: Id) =>
    known.get(v) ?? options.find((o) => o.value === v)?.label ?? (labelHint && values.length === 1 ? labelHint : String(v));
  if (readOnly) return <span>{values.length ? values.map(label).join('、') : '—'}</span>;
  const merged = [
    ...options,
    ...values.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: label(v) })),
  ];
  const widths = columns?.map((c) => columnWidth(c, display)) ?? [];
  const align = (c: PickerColumn, text: string): ReactNode =>
    c.type === 'money' ? <span style={{ display: 'block', textAlign: 'right' }}>{text}</span> : text;
  const choose = (v: Id | Id[] | null) => {
    onChange?.(v);
    onChosen?.(v, !multiple && v !== null ? options.find((o) => o.value === v)?.row : undefined);
  };
  return (
    <Select
      showSearch
      mode={multiple ? 'multiple' : undefined}
      allowClear={allowClear ?? true}
      disabled={disabled || !allowed}
      placeholder={allowed ? placeholder : rt(env.language, 'noAccess')}
      style={style}
      value={multiple ? values : (values[0] ?? undefined)}
      options={merged}
      filterOption={false}
      onSearch={setSearch}
      onChange={(v) => choose(multiple ? ((v as Id[] | undefined) ?? []) : ((v as Id | undefined) ?? null))}
      // With columns: each choice a row of them under a heading, the list as wide as they are.
      {...(columns?.length
        ? {
            popupMatchSelectWidth: widths.reduce((a, w) => a + w + 8, 24),
            optionRender: (o: { data: { row?: Rec; label?: ReactNode } }) =>
              o.data.row ? (
                <PickerRow widths={widths} cells={columns.map((c) => align(c, pickerCell(c, o.data.row!, env.language)))} />
              ) : (
                o.data.label
              ),
            popupRender: (menu: ReactElement) => (
              <div data-testid="ref-picker-popup">
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

/** A reference's prefixes as the pick endpoint's filters (`economicClassPrefix=302,310`). */
export function prefixParams(prefix: Record<string, string[]> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(prefix ?? {}).map(([field, list]) => [`${field}Prefix`, list.join(',')]));
}
