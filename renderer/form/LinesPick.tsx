// A sub-table's "choose rows" (an ArrayTable.Pick node, shown under the table): the rows an endpoint
// offers (a cashier's approved documents waiting to be paid) in a dialog with their columns; the
// chosen ones become lines, each line's fields taken from the row as `map` says. A row already among
// the lines (the same `keys`) is not offered twice. The server checks every line again on save.
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Modal, Table } from 'antd';
import { PlusSquareOutlined } from '@ant-design/icons';
import type { ArrayField } from '@formily/core';
import { useRenderer } from '../context.tsx';
import { thousands } from '../format.ts';
import { rt } from '../texts.ts';

type Row = Record<string, unknown>;

export interface PickColumn {
  field: string;
  /** Already in the reader's language (build.ts translates the form file's key). */
  title: string;
  filter?: 'money' | 'dict';
  /** For a dict column: value → label, in the reader's language. */
  labels?: Record<string, string>;
  width?: number;
}

export interface PickProps {
  url?: string;
  columns?: PickColumn[];
  /** Line field ← row field. */
  map?: Record<string, string>;
  /** The fields that say two rows are the same document (line fields, as mapped). */
  keys?: string[];
}

const isBlank = (line: unknown) => !line || Object.values(line as Row).every((v) => v === undefined || v === null || v === '');

export function LinesPick({
  array,
  title,
  url,
  columns = [],
  map = {},
  keys = [],
}: PickProps & { array: ArrayField; title?: string }) {
  const env = useRenderer();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  // The chosen rows themselves, kept across searches (a search shows other rows).
  const [picked, setPicked] = useState<Map<string, Row>>(new Map());
  const chosen = [...picked.keys()];
  const keyOfLine = (l: Row) => keys.map((k) => String(l[k] ?? '')).join('|');
  const keyOfRow = (r: Row) => keys.map((k) => String(r[map[k] ?? k] ?? '')).join('|');
  const taken = useMemo(
    () => new Set(((array.value ?? []) as Row[]).filter((l) => !isBlank(l)).map(keyOfLine)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open],
  );

  useEffect(() => {
    if (!open || !url) return;
    let cancelled = false;
    setLoading(true);
    const timer = setTimeout(() => {
      env.fetcher
        .get<Row[]>(url, keyword ? { keyword } : {})
        .then((a) => {
          if (!cancelled && a.code === '0') setRows((a.data ?? []).filter((r) => !taken.has(keyOfRow(r))));
        })
        .finally(() => !cancelled && setLoading(false));
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, url, keyword]);

  if (!url) return null;
  const label = title || rt(env.language, 'pickLines');
  const add = () => {
    const lines = [...picked.values()].map((r) =>
      Object.fromEntries(Object.entries(map).map(([line, row]) => [line, r[row] ?? null])),
    );
    const kept = ((array.value ?? []) as unknown[]).filter((l) => !isBlank(l));
    array.setValue([...kept, ...lines]);
    setPicked(new Map());
    setOpen(false);
  };
  const toggle = (r: Row, on: boolean) =>
    setPicked((p) => {
      const next = new Map(p);
      if (on) next.set(keyOfRow(r), r);
      else next.delete(keyOfRow(r));
      return next;
    });
  return (
    <>
      <Button
        block
        type="dashed"
        icon={<PlusSquareOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => setOpen(true)}
        data-testid="lines-pick"
      >
        {label}
      </Button>
      <Modal
        open={open}
        title={label}
        width="min(1200px, 96vw)"
        onCancel={() => {
          setPicked(new Map());
          setOpen(false);
        }}
        okText={rt(env.language, 'pickAdd', { n: chosen.length })}
        okButtonProps={{ disabled: !chosen.length }}
        onOk={add}
        destroyOnHidden
      >
        <Input.Search
          allowClear
          placeholder={rt(env.language, 'pickSearch')}
          onSearch={setKeyword}
          onChange={(e) => !e.target.value && setKeyword('')}
          style={{ marginBottom: 8 }}
        />
        <Table<Row>
          size="small"
          rowKey={keyOfRow}
          loading={loading}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: rt(env.language, 'pickEmpty') }}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onSelect: (r, on) => toggle(r, on),
            onSelectAll: (on, _all, changed) => changed.forEach((r) => toggle(r, on)),
          }}
          onRow={(r) => ({ onClick: () => toggle(r, !picked.has(keyOfRow(r))) })}
          columns={columns.map((c) => ({
            key: c.field,
            dataIndex: c.field,
            title: c.title,
            width: c.width,
            align: c.filter === 'money' ? ('right' as const) : undefined,
            render: (v: unknown) =>
              c.filter === 'money'
                ? thousands(v, 2, env.language)
                : c.filter === 'dict'
                  ? (c.labels?.[String(v)] ?? String(v ?? ''))
                  : String(v ?? ''),
          }))}
        />
      </Modal>
    </>
  );
}
