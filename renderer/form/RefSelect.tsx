// Reference fields of a form: RefSelect (one row or several of another entity, see RefPicker) and,
// for tree-shaped entities (departments, menus), RefTree: the whole tree, as a select or as a
// checkbox tree.
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { Tree, TreeSelect, Typography } from 'antd';
import { connect, mapProps, useField } from '@formily/react';
import { useRenderer } from '../context.tsx';
import { run } from '../../validators/expression/evaluate.ts';
import { RefPicker, rowsOf, type Id, type PickerProps, type Rec } from './RefPicker.tsx';

interface RefProps extends Omit<PickerProps, 'onChosen'> {
  tree?: string;
  /** On choosing a row, these form fields take its values: form field → the row's field. */
  fill?: Record<string, string>;
  /**
   * On choosing a row, these line collections of the form take the chosen document's lines: an
   * accepted purchase's lines become a stock-in order's (`where` over each line keeps some, `map`
   * names each line field by the source line's field).
   */
  fillLines?: Record<string, { from: string; where?: string; map: Record<string, string> }>;
}

/** In a form: a choice may fill other fields of the form, or of its own line, and line collections. */
function RefSelectInput({ fill, fillLines, ...props }: RefProps & ComponentProps<typeof RefPicker>) {
  const env = useRenderer();
  const field = useField();
  const chosen = (v: Id | Id[] | null, row: Rec | undefined) => {
    // Fields the chosen row brings along (the application's indicator and purpose).
    // In a sub-table's cell (a purchase line's catalogue item) the fields filled are the line's own.
    if (fill && row) {
      const f = field as unknown as {
        form: { setValuesIn: (path: string, value: unknown) => void };
        path: { toString(): string };
      };
      const at = f.path.toString().split('.');
      const line = at.length > 2 && /^\d+$/.test(at[at.length - 2]!) ? `${at.slice(0, -1).join('.')}.` : '';
      for (const [target, source] of Object.entries(fill)) {
        if (row[source] !== undefined) f.form.setValuesIn(`${line}${target}`, row[source]);
        // A reference brings its label along (the contract's budget line), so it shows at once.
        if (row[`${source}Label`] !== undefined) f.form.setValuesIn(`${line}${target}Label`, row[`${source}Label`]);
      }
    }
    if (fillLines && !props.multiple && v !== null && props.api) {
      const form = (field as unknown as { form: { setValuesIn: (path: string, value: unknown) => void } }).form;
      void env.fetcher.get<Rec>(`${props.api}/infoById/${v as Id}`).then((a) => {
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
  return <RefPicker {...props} onChosen={fill || fillLines ? chosen : undefined} />;
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
  labelHint,
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
  const single = !Array.isArray(value) && value !== null && value !== undefined;
  // Read only with the record's own label: nothing to ask (the reader may not list the tree).
  const hinted = Boolean(readOnly && labelHint && single);
  const empty = value === null || value === undefined || (Array.isArray(value) && !value.length);
  useEffect(() => {
    // Read only and empty, or read only with the record's own label: nothing to ask.
    if (!api || hinted || (readOnly && empty)) return;
    env.fetcher
      .get(`${api}/list`)
      .then((a) => a.code === '0' && setRows(rowsOf(a.data)))
      .catch(() => undefined);
  }, [api, hinted, readOnly && empty]);
  const nodes = useMemo(() => nest(rows, tree, display ?? 'id'), [rows, tree, display]);
  const withRoot = useMemo(() => (root ? [{ key: 0, value: 0, title: root, children: nodes }] : nodes), [nodes, root]);
  // 0 is the root: a choice of its own when the tree offers one, else "none" (an empty box).
  const values = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])
    .map(Number)
    .filter((v) => v > 0 || (v === 0 && Boolean(root)));
  const titleOf = (id: Id) => (id === 0 && root ? root : String(rows.find((r) => Number(r.id) === id)?.[display ?? 'id'] ?? id));

  if (readOnly)
    return <Typography.Text>{values.length ? (hinted ? labelHint : values.map(titleOf).join('、')) : '—'}</Typography.Text>;
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

const readPretty = (props: object, field: unknown) => {
  const f = field as { pattern?: string; form?: { getValuesIn(path: string): unknown }; path?: { toString(): string } };
  // The record's own label of this reference (`<field>Label`), beside it in the form's values.
  const hint = f.form && f.path ? f.form.getValuesIn(`${f.path.toString()}Label`) : undefined;
  return {
    ...props,
    readOnly: f.pattern === 'readPretty' || (props as { readOnly?: boolean }).readOnly,
    labelHint: typeof hint === 'string' && hint ? hint : undefined,
  };
};

export const RefSelect = connect(RefSelectInput, mapProps(readPretty));
export const RefTree = connect(RefTreeInput, mapProps(readPretty));
