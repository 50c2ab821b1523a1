// Reference fields: choose one row (ref) or several (refs) of another entity by its display field.
// Choices come from the referred entity's pick endpoint (page by default; pageOfBase for users,
// all for roles), searched on the server 20 at a time (spec section 9 "User search page size 20").
// Tree-shaped entities (departments, menus) use RefTree below: the whole tree, as a select or as a
// checkbox tree.
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Select, Tree, TreeSelect, Typography } from 'antd';
import { connect, mapProps, useField } from '@formily/react';
import { useRenderer } from '../context.tsx';
import { rt } from '../texts.ts';
import { run } from '../../validators/expression/evaluate.ts';

type Id = number;
type Rec = Record<string, unknown> & { id: number };

interface RefProps {
  api?: string;
  /** The key reading the choices needs; a caller without it gets a shut picker and no refused call. */
  access?: string;
  display?: string;
  pick?: string;
  tree?: string;
  disabled?: boolean;
  readOnly?: boolean;
  allowClear?: boolean;
  multiple?: boolean;
  /** Fixed conditions on the choices (an application that is approved and open): query members. */
  filter?: Record<string, string | number>;
  /** On choosing a row, these form fields take its values: form field → the row's field. */
  fill?: Record<string, string>;
  /**
   * On choosing a row, these line collections of the form take the chosen document's lines: an
   * accepted purchase's lines become a stock-in order's (`where` over each line keeps some, `map`
   * names each line field by the source line's field).
   */
  fillLines?: Record<string, { from: string; where?: string; map: Record<string, string> }>;
}

/** Rows of an answer that is either a list or a page. */
const rowsOf = (data: unknown): Rec[] =>
  Array.isArray(data) ? (data as Rec[]) : ((data as { records?: Rec[] } | null)?.records ?? []);

function RefSelectInput({
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
  fill,
  fillLines,
  placeholder,
  style,
}: RefProps & {
  value?: Id | Id[] | null;
  onChange?: (v: Id | Id[] | null) => void;
  placeholder?: string;
  style?: CSSProperties;
}) {
  const env = useRenderer();
  const field = useField();
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
        .get(`${api}/${pick}`, { pageNum: 1, pageSize: 20, ...filter, ...(search ? { [display]: search } : {}) })
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
  }, [api, display, pick, search, readOnly, JSON.stringify(filter)]);

  // Chosen rows may not be among the first choices: fetch their labels.
  useEffect(() => {
    if (!api || !display || !allowed) return;
    const missing = values.filter((v) => !known.has(v) && !options.some((o) => o.value === v));
    if (!missing.length) return;
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

  const label = (v: Id) => known.get(v) ?? options.find((o) => o.value === v)?.label ?? String(v);
  if (readOnly) return <span>{values.length ? values.map(label).join('、') : '—'}</span>;
  const merged = [
    ...options,
    ...values.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: label(v) })),
  ];
  const choose = (v: Id | Id[] | null) => {
    onChange?.(v);
    // Fields the chosen row brings along (the application's indicator and purpose).
    const row = !multiple && v !== null ? options.find((o) => o.value === v)?.row : undefined;
    // In a sub-table's cell (a purchase line's catalogue item) the fields filled are the line's own.
    if (fill && row) {
      const f = field as unknown as {
        form: { setValuesIn: (path: string, value: unknown) => void };
        path: { toString(): string };
      };
      const at = f.path.toString().split('.');
      const line = at.length > 2 && /^\d+$/.test(at[at.length - 2]!) ? `${at.slice(0, -1).join('.')}.` : '';
      for (const [target, source] of Object.entries(fill))
        if (row[source] !== undefined) f.form.setValuesIn(`${line}${target}`, row[source]);
    }
    if (fillLines && !multiple && v !== null && api) {
      const form = (field as unknown as { form: { setValuesIn: (path: string, value: unknown) => void } }).form;
      void env.fetcher.get<Rec>(`${api}/infoById/${v as Id}`).then((a) => {
        if (a.code !== '0') return;
        for (const [member, spec] of Object.entries(fillLines)) {
          const source = (Array.isArray(a.data[spec.from]) ? a.data[spec.from] : []) as Array<Record<string, unknown>>;
          const kept = spec.where ? source.filter((l) => Boolean(run(spec.where!, l))) : source;
          form.setValuesIn(
            member,
            kept.map((l) => Object.fromEntries(Object.entries(spec.map).map(([ours, theirs]) => [ours, l[theirs] ?? null]))),
          );
        }
      });
    }
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
    />
  );
}

interface TreeNode {
  key: Id;
  value: Id;
  title: string;
  children?: TreeNode[];
}

/** Rows with a parent field as nested nodes; rows whose parent is not among them are roots. */
export function nest(rows: Rec[], parentField: string, display: string): TreeNode[] {
  const nodes = new Map<Id, TreeNode>(
    rows.map((r) => [Number(r.id), { key: Number(r.id), value: Number(r.id), title: String(r[display] ?? r.id) }]),
  );
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(Number(r.id))!;
    const parent = nodes.get(Number(r[parentField]));
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

function leavesIn(nodes: TreeNode[], chosen: Set<Id>, out: Id[] = []): Id[] {
  for (const n of nodes) {
    if (n.children?.length) leavesIn(n.children, chosen, out);
    else if (chosen.has(n.value)) out.push(n.value);
  }
  return out;
}

function RefTreeInput({
  value,
  onChange,
  api,
  display,
  tree = 'parentId',
  disabled,
  readOnly,
  multiple,
  checkable,
  root,
  height,
}: RefProps & {
  value?: Id | Id[] | null;
  onChange?: (v: Id | Id[] | null) => void;
  checkable?: boolean;
  /** A label for 0, the top level (a menu without a parent). */
  root?: string;
  height?: number;
}) {
  const env = useRenderer();
  const [rows, setRows] = useState<Rec[]>([]);
  useEffect(() => {
    if (!api) return;
    env.fetcher
      .get(`${api}/list`)
      .then((a) => a.code === '0' && setRows(rowsOf(a.data)))
      .catch(() => undefined);
  }, [api]);
  const nodes = useMemo(() => nest(rows, tree, display ?? 'id'), [rows, tree, display]);
  const withRoot = useMemo(() => (root ? [{ key: 0, value: 0, title: root, children: nodes }] : nodes), [nodes, root]);
  // 0 is the root: a choice of its own when the tree offers one, else "none" (an empty box).
  const values = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])
    .map(Number)
    .filter((v) => v > 0 || (v === 0 && Boolean(root)));
  const titleOf = (id: Id) => (id === 0 && root ? root : String(rows.find((r) => Number(r.id) === id)?.[display ?? 'id'] ?? id));

  if (readOnly) return <Typography.Text>{values.length ? values.map(titleOf).join('、') : '—'}</Typography.Text>;
  if (checkable) {
    // Parents follow their children: a half-checked directory is kept with them, so the granted
    // page still hangs from it; only leaves are given back to the tree to check.
    const chosen = new Set(values);
    return (
      <div
        style={{ maxHeight: height ?? 320, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}
        data-testid="ref-tree"
      >
        <Tree
          // Mounted again once the rows are in, so a small tree opens fully.
          key={rows.length}
          checkable
          disabled={disabled}
          treeData={withRoot}
          defaultExpandAll={rows.length <= 60}
          checkedKeys={leavesIn(withRoot, chosen)}
          onCheck={(checked, info) => {
            const full = Array.isArray(checked) ? checked : checked.checked;
            onChange?.([...new Set([...full, ...(info.halfCheckedKeys ?? [])].map(Number))].filter((k) => k !== 0));
          }}
        />
      </div>
    );
  }
  return (
    <TreeSelect
      showSearch
      allowClear
      disabled={disabled}
      treeData={withRoot}
      treeNodeFilterProp="title"
      treeDefaultExpandAll={rows.length <= 60}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      value={multiple ? values : (values[0] ?? undefined)}
      onChange={(v) => onChange?.(multiple ? ((v as Id[] | undefined) ?? []).map(Number) : v === undefined ? null : Number(v))}
      style={{ width: '100%' }}
    />
  );
}

const readPretty = (props: object, field: unknown) => ({
  ...props,
  readOnly: (field as { pattern?: string }).pattern === 'readPretty' || (props as { readOnly?: boolean }).readOnly,
});

export const RefSelect = connect(RefSelectInput, mapProps(readPretty));
/** The same picker outside a Formily form (the approval page's transfer). */
export const RefPicker = RefSelectInput;
export const RefTree = connect(RefTreeInput, mapProps(readPretty));
