// A document's lines as a sub-table (ArrayTable and its parts: Column, Addition, Remove, Copy…),
// with lines from an xlsx under it. Loaded with the first form whose schema has lines (components.tsx).
//
// A long document (more lines than one page, LINES_PER_PAGE) is a grid a page at a time, as
// Frappe's child tables and spreadsheet grids show many rows: the lines it came with show as
// plain cells until one is clicked (or entered with the keyboard), which opens that line's
// controls in place; lines added or copied are open from the start. Twenty lines of live controls
// cost more to draw than the rest of the document together (bench/RESULTS.md, issue 14); a line
// nobody touches needs none. The server checks every line on save, opened or not.
import { observer, RecursionField, useField, useFieldSchema, type Schema } from '@formily/react';
import { isField, type ArrayField, type Field } from '@formily/core';
import { raw } from '@formily/reactive';
import { useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { ArrayBase, ArrayTable } from '@formily/antd-v5';
import { Table } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { useRenderer } from '../context.tsx';
import { formatDate, thousands } from '../format.ts';
import { rt } from '../texts.ts';
import { LinesImport } from './LinesImport.tsx';
import { LinesPick, type PickProps } from './LinesPick.tsx';

/** A short document's lines need no pager: all of them are open at once. */
export const LINES_PER_PAGE = 20;

type Line = Record<string, unknown>;

export const LinesTable = Object.assign(
  observer((props: ComponentProps<typeof ArrayTable>) => {
    const field = useField<ArrayField>();
    const schema = useFieldSchema();
    const lines = (field.value ?? []) as Line[];
    // The lines the document came with, shown as plain cells until opened: only a long one's.
    const [closed] = useState(() =>
      lines.length > LINES_PER_PAGE ? new WeakSet<object>(lines.map((l) => raw(l) as object)) : null,
    );
    // Once a grid, a grid: removing lines never swaps the table (and the open lines' state) under the user.
    const grid = useRef(false);
    grid.current ||= closed !== null || lines.length > LINES_PER_PAGE;
    // Lines from an xlsx (ArrayTable.Import nodes): under the table, as ArrayTable shows one addition only.
    const imports = Object.entries(schema.properties ?? {}).filter(([, s]) => s['x-component'] === 'ArrayTable.Import');
    // Lines chosen from rows an endpoint offers (ArrayTable.Pick nodes): under the table too.
    const picks = Object.entries(schema.properties ?? {}).filter(([, s]) => s['x-component'] === 'ArrayTable.Pick');
    return (
      <>
        {grid.current ? (
          <LinesGrid {...props} closed={closed} count={lines.length} />
        ) : (
          <ArrayTable {...props} pagination={false} />
        )}
        {field.editable &&
          imports.map(([key, s]) => (
            <LinesImport
              key={key}
              array={field}
              title={typeof s.title === 'string' ? s.title : undefined}
              url={(s['x-component-props'] as { url?: string } | undefined)?.url}
            />
          ))}
        {field.editable &&
          picks.map(([key, s]) => (
            <LinesPick
              key={key}
              array={field}
              title={typeof s.title === 'string' ? s.title : undefined}
              {...((s['x-component-props'] ?? {}) as PickProps)}
            />
          ))}
      </>
    );
  }),
  // Its parts (Column, Addition, Remove…), not the memo's own members ($$typeof, type).
  {
    ...(Object.fromEntries(Object.entries(ArrayTable).filter(([k]) => /^[A-Z]|^use/.test(k))) as Omit<typeof ArrayTable, never>),
  },
);

/** A column of the sub-table: its node, its own field (which a reaction may hide) and its props. */
interface LinesColumn {
  key: string;
  schema: Schema;
  /** The line fields under it, with how each shows while its line is closed. */
  cells: { name: string; show: (line: Line) => ReactNode; right: boolean }[];
  /** Copy and remove, as a closed line shows them. */
  ops: (typeof PLAIN_OPS)[string][];
  props: ColumnType<number> & { title?: ReactNode };
  visible: boolean;
}

const isColumn = (s: Schema) => String(s['x-component'] ?? '').endsWith('.Column');
const isAddition = (s: Schema) => String(s['x-component'] ?? '').endsWith('.Addition');

/**
 * How a line field shows as a plain cell: what its control would show, from its node alone —
 * dictionary labels, amounts and figures with separators, dates, a reference's label (the server
 * sends `<field>Label` with each line), yes / no.
 */
function plainCell(node: Schema, name: string, language: string): (line: Line) => ReactNode {
  const component = String(node['x-component'] ?? '');
  const props = (node['x-component-props'] ?? {}) as { showTime?: boolean; format?: string };
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  if (Array.isArray(node.enum)) {
    const labels = new Map(
      (node.enum as Array<{ label?: unknown; value?: unknown } | string>).map((e) =>
        typeof e === 'object' ? [String(e.value), String(e.label ?? e.value)] : [String(e), String(e)],
      ),
    );
    return (line) => {
      const v = line[name];
      if (blank(v)) return '';
      return (Array.isArray(v) ? v : [v]).map((x) => labels.get(String(x)) ?? String(x)).join(', ');
    };
  }
  if (component === 'MoneyInput') return (line) => thousands(line[name], 2, language);
  if (component === 'NumberPicker') return (line) => thousands(line[name], undefined, language);
  if (component === 'DatePicker')
    return (line) => formatDate(line[name], props.format ?? (props.showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'));
  if (component === 'RefSelect' || component === 'RefTree')
    return (line) => (blank(line[name]) ? '' : String(line[`${name}Label`] ?? line[name]));
  if (component === 'Switch' || component === 'Checkbox') {
    const [yes, no] = [rt(language, 'yes'), rt(language, 'no')];
    return (line) => (blank(line[name]) ? '' : line[name] ? yes : no);
  }
  return (line) => {
    const v = line[name];
    return blank(v) ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
}

/**
 * A closed line's copy and remove: plain buttons doing what ArrayBase's do (a copy goes under its
 * line, with its id, which the server takes as a new line). Forty of ArrayBase's buttons, each a
 * Formily field and an antd Button with its styles, cost a page of closed lines a fifth of its time.
 */
const PLAIN_OPS: Record<string, { kind: 'copy' | 'remove'; icon: ReactNode; act(lines: ArrayField, index: number): void }> = {
  'ArrayTable.Copy': {
    kind: 'copy',
    icon: <CopyOutlined />,
    act: (lines, index) => void lines.insert(index + 1, structuredClone(raw(lines.value[index]))),
  },
  'ArrayTable.Remove': { kind: 'remove', icon: <DeleteOutlined />, act: (lines, index) => void lines.remove(index) },
};

/** A line's other controls (none of the areas has one): as they are, in every row, closed or open. */
const otherVoid = (s: Schema) => s.type === 'void' && !(String(s['x-component']) in PLAIN_OPS);

/** Where an open line's first control takes the focus: the cell that was clicked. */
const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/** A long document's lines: a page at a time, the document's own lines plain until opened. */
const LinesGrid = observer(function LinesGrid({
  closed,
  count,
  ...props
}: ComponentProps<typeof ArrayTable> & { closed: WeakSet<object> | null; count: number }) {
  const env = useRenderer();
  const field = useField<ArrayField>();
  const schema = useFieldSchema();
  const editable = field.editable;
  // The field's value and change handler are the lines', not the table's (its onChange is paging).
  const { value: _value, onChange: _onChange, ...tableProps } = props as Record<string, unknown>;
  const [page, setPage] = useState(1);
  // Opening a line takes it out of `closed`; this redraws the rows.
  const [opened, setOpened] = useState(0);
  const focusNext = useRef<{ index: number; cell: number } | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const lines = (field.value ?? []) as Line[];
  const isClosed = (index: number) => {
    const line = lines[index];
    return !editable || (closed !== null && !!line && closed.has(raw(line) as object));
  };

  const itemsSchema = (Array.isArray(schema.items) ? schema.items[0] : schema.items) as Schema | undefined;
  const columns: LinesColumn[] = [];
  itemsSchema?.mapProperties((col, key) => {
    if (!isColumn(col)) return;
    const own = field.query(field.address.concat(key)).take() as Field | undefined;
    const props = ((own?.component as unknown[] | undefined)?.[1] ?? col['x-component-props'] ?? {}) as LinesColumn['props'];
    const cells: LinesColumn['cells'] = [];
    const ops: LinesColumn['ops'] = [];
    col.mapProperties((cell, name) => {
      const op = PLAIN_OPS[String(cell['x-component'])];
      if (op) ops.push(op);
      if (cell.type !== 'void')
        cells.push({
          name: String(name),
          show: plainCell(cell, String(name), env.language),
          // As the amount's own box puts it (components.tsx MoneyInput).
          right: cell['x-component'] === 'MoneyInput',
        });
    });
    columns.push({
      key: String(key),
      schema: col,
      cells,
      ops,
      props,
      visible: (own?.display ?? col['x-display'] ?? 'visible') === 'visible',
    });
  });

  const open = (index: number, cell: number) => {
    if (!editable || !closed || !isClosed(index)) return;
    closed.delete(raw(lines[index]) as object);
    focusNext.current = { index, cell };
    setOpened((n) => n + 1);
  };

  // A line added or copied is shown where it went: on its page.
  const show = (index: number) => setPage(Math.floor(index / LINES_PER_PAGE) + 1);
  const pages = Math.max(1, Math.ceil(count / LINES_PER_PAGE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  // The clicked cell's control takes the focus once the line's controls are in.
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    const row = tableRef.current?.querySelector(`tr[data-row-key="${next.index}"]`);
    const target = row?.children[next.cell]?.querySelector<HTMLElement>(FOCUSABLE) ?? row?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  }, [opened]);

  const tableColumns = columns
    .filter((c) => c.visible)
    .map((c): ColumnType<number> => ({
      ...c.props,
      key: c.key,
      render: (_: unknown, index: number) => (
        <ArrayBase.Item index={index} record={() => field.value?.[index]}>
          {isClosed(index) ? (
            <>
              {c.cells.map((cell) => (
                <div key={cell.name} className={cell.right ? 'nk-line-plain nk-line-plain-right' : 'nk-line-plain'}>
                  {cell.show(lines[index] ?? {}) || (editable ? '' : '—')}
                </div>
              ))}
              {/* As ArrayBase's: only while the lines may be changed. */}
              {editable &&
                c.ops.map((op) => (
                  <button
                    key={op.kind}
                    type="button"
                    className={`nk-line-op ant-formily-array-base-${op.kind}`}
                    title={rt(env.language, op.kind)}
                    aria-label={rt(env.language, op.kind)}
                    onClick={(e) => {
                      e.stopPropagation();
                      op.act(field, index);
                      if (op.kind === 'copy') show(index + 1);
                    }}
                  >
                    {op.icon}
                  </button>
                ))}
              <RecursionField schema={c.schema} name={index} onlyRenderProperties filterProperties={otherVoid} />
            </>
          ) : (
            <RecursionField schema={c.schema} name={index} onlyRenderProperties />
          )}
        </ArrayBase.Item>
      ),
    }));

  // Pages holding a line that is wrong (an open line's message is on its page only): marked in the pager.
  const base = field.address.toString().length + 1;
  const wrongPages = new Set(
    field.errors
      .map((e) => Number(/^(\d+)/.exec(e.address?.slice(base) ?? '')?.[1] ?? NaN))
      .filter((i) => Number.isInteger(i))
      .map((i) => Math.floor(i / LINES_PER_PAGE) + 1),
  );
  const rows = useMemo(() => Array.from({ length: count }, (_, i) => i), [count]);
  const hint = editable && closed ? rt(env.language, 'linesOpenHint') : '';
  return (
    <div ref={tableRef} className="ant-formily-array-table nk-lines-grid">
      <ArrayBase onAdd={show} onCopy={show}>
        <Table<number>
          size="small"
          bordered
          {...tableProps}
          rowKey={(i) => i}
          columns={tableColumns}
          dataSource={rows}
          onRow={(index) =>
            isClosed(index) && editable
              ? {
                  className: 'nk-line-closed',
                  tabIndex: 0,
                  onClick: (e) => open(index, (e.target as Element).closest('td')?.cellIndex ?? 0),
                  onKeyDown: (e) => {
                    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                      e.preventDefault();
                      open(index, 0);
                    }
                  },
                }
              : {}
          }
          pagination={{
            current: Math.min(page, pages),
            pageSize: LINES_PER_PAGE,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (total) => `${rt(env.language, 'total', { n: total })}${hint ? ` · ${hint}` : ''}`,
            itemRender: (n, type, element) =>
              type === 'page' && wrongPages.has(n) ? <span className="nk-lines-page-wrong">{element}</span> : element,
          }}
        />
        {columns.map((c) => (
          // The columns' own fields (a reaction may hide one), as ArrayTable keeps them.
          <RecursionField key={c.key} name={c.key} schema={c.schema} onlyRenderSelf />
        ))}
        {schema.reduceProperties(
          (addition: ReactNode, s, key) => (isAddition(s) ? <RecursionField schema={s} name={key} /> : addition),
          null,
        )}
      </ArrayBase>
    </div>
  );
});

/**
 * A line's cell: its control and, while it is wrong, the message under it. No label and no layout
 * under a column's title, so not Formily's FormItem, whose per-instance styles and layout were a
 * fifth of a 20-line document's first render.
 */
export const LineCell = observer(function LineCell({ children }: { children?: ReactNode }) {
  const field = useField();
  const errors = isField(field) ? field.selfErrors : [];
  return (
    <div className={errors.length ? 'nk-line-cell nk-line-cell-error' : 'nk-line-cell'}>
      {children}
      {errors.length > 0 && <div className="nk-line-cell-message">{errors.join('; ')}</div>}
    </div>
  );
});
