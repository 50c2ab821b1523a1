// The list screen written by hand with antd: the same 20 columns, formatting (thousands separators,
// dates, dictionary labels as tags), sort, paging and Table props as the generated page, loading
// the same in-memory answers the same way (dictionaries and the page in effects).
import { useEffect, useRef, useState } from 'react';
import { Card, Table, Tag } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { formatDate, thousands } from '../../renderer/format.ts';
import type { DictEntry, Row } from '../../renderer/types.ts';
import { dictsOf, LIST_PAGE_SIZE, LIST_READY_TEXT, listRows } from './fixtures.ts';
import { listComplete, useReady } from './probe.ts';

const api = {
  page: (_params: Record<string, unknown>) => Promise.resolve({ records: listRows, total: listRows.length }),
  dicts: (types: string[]) => Promise.resolve(dictsOf(types)),
};

const COLORS: Record<string, string> = { primary: 'blue', success: 'green', info: 'default', warning: 'orange', danger: 'red' };

function dictLabel(entries: DictEntry[] | undefined, value: unknown) {
  if (value === null || value === undefined || value === '') return '';
  const entry = entries?.find((d) => d.dictValue === String(value));
  if (!entry) return String(value);
  return entry.listClass && entry.listClass !== 'default' ? (
    <Tag color={COLORS[entry.listClass]}>{entry.dictLabel}</Tag>
  ) : (
    entry.dictLabel
  );
}

const money = (v: unknown) => thousands(v, 2);
const number = (v: unknown) => thousands(v);
const date = (v: unknown) => formatDate(v, 'YYYY-MM-DD');
const datetime = (v: unknown) => formatDate(v);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const complete = listComplete(LIST_PAGE_SIZE, LIST_READY_TEXT);
const completeAll = listComplete(LIST_PAGE_SIZE, LIST_READY_TEXT, LIST_PAGE_SIZE);

/** `all`: every row mounted, no virtual body (the runtime's list given `virtual: { from: 1000 }`). */
export default function ListHandPage({ all = false }: { all?: boolean }) {
  const [data, setData] = useState<{ records: Row[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [dicts, setDicts] = useState<Record<string, DictEntry[]>>({});
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(LIST_PAGE_SIZE);
  const [sort, setSort] = useState<{ field?: string; order?: 'asc' | 'desc' }>({ field: 'createdAt', order: 'desc' });
  const ref = useRef<HTMLDivElement>(null);
  useReady(ref, all ? completeAll : complete);

  useEffect(() => {
    api.dicts(['bench_status', 'bench_kind', 'bench_level']).then(setDicts);
  }, []);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    api
      .page({ pageNum, pageSize, sortField: sort.field, sortOrder: sort.order })
      .then((answer) => !cancelled && setData(answer))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [pageNum, pageSize, sort]);

  const order = (field: string) => (sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);
  const columns: ColumnsType<Row> = [
    { key: 'code', dataIndex: 'code', title: '编号', sorter: true, sortOrder: order('code'), render: text },
    { key: 'name', dataIndex: 'name', title: '名称', sorter: true, sortOrder: order('name'), render: text },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: '金额',
      align: 'right',
      sorter: true,
      sortOrder: order('amount'),
      render: money,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: '状态',
      sorter: true,
      sortOrder: order('status'),
      render: (v) => dictLabel(dicts.bench_status, v),
    },
    { key: 'applyDate', dataIndex: 'applyDate', title: '申请日期', sorter: true, sortOrder: order('applyDate'), render: date },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: '数量',
      align: 'right',
      sorter: true,
      sortOrder: order('quantity'),
      render: number,
    },
    { key: 'dept', dataIndex: 'dept', title: '部门', sorter: true, sortOrder: order('dept'), render: text },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: '类别',
      sorter: true,
      sortOrder: order('kind'),
      render: (v) => dictLabel(dicts.bench_kind, v),
    },
    {
      key: 'budget',
      dataIndex: 'budget',
      title: '预算',
      align: 'right',
      sorter: true,
      sortOrder: order('budget'),
      render: money,
    },
    { key: 'price', dataIndex: 'price', title: '单价', align: 'right', sorter: true, sortOrder: order('price'), render: number },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: '创建时间',
      sorter: true,
      sortOrder: order('createdAt'),
      render: datetime,
    },
    { key: 'applicant', dataIndex: 'applicant', title: '申请人', sorter: true, sortOrder: order('applicant'), render: text },
    {
      key: 'level',
      dataIndex: 'level',
      title: '级别',
      sorter: true,
      sortOrder: order('level'),
      render: (v) => dictLabel(dicts.bench_level, v),
    },
    { key: 'tax', dataIndex: 'tax', title: '税额', align: 'right', sorter: true, sortOrder: order('tax'), render: money },
    { key: 'paidAt', dataIndex: 'paidAt', title: '付款日期', sorter: true, sortOrder: order('paidAt'), render: date },
    { key: 'count', dataIndex: 'count', title: '次数', align: 'right', sorter: true, sortOrder: order('count'), render: number },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: '启用',
      sorter: true,
      sortOrder: order('enabled'),
      render: (v) => (v === null || v === undefined ? '' : v ? '是' : '否'),
    },
    { key: 'phone', dataIndex: 'phone', title: '电话', sorter: true, sortOrder: order('phone'), render: text },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: '更新时间',
      sorter: true,
      sortOrder: order('updatedAt'),
      render: datetime,
    },
    {
      key: 'remark',
      dataIndex: 'remark',
      title: '备注',
      ellipsis: { showTitle: true },
      sorter: true,
      sortOrder: order('remark'),
      render: text,
    },
  ];

  const onChange = (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const next = s?.order
      ? { field: String(s.columnKey), order: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) }
      : { field: 'createdAt', order: 'desc' as const };
    if (next.field !== sort.field || next.order !== sort.order) {
      setSort(next);
      setPageNum(1);
    } else setPageNum(pagination.current ?? 1);
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setPageNum(1);
    }
  };

  // The same Table props as the generated page, virtual body from 40 rows included.
  const virtual = !all && data.records.length >= 40;
  return (
    <div ref={ref} style={{ padding: 24 }}>
      <Card>
        {/* The generated page's toolbar row, empty: this list has no toolbar actions. */}
        <div style={{ display: 'flex', gap: 8, margin: '16px 0', alignItems: 'center' }} />
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data.records}
          virtual={virtual}
          scroll={virtual ? { x: columns.length * 160, y: 560 } : { x: 'max-content' }}
          sticky={virtual ? undefined : { offsetScroll: 0 }}
          onChange={onChange as never}
          locale={{ emptyText: '暂无数据' }}
          pagination={{
            current: pageNum,
            pageSize,
            total: data.total,
            showSizeChanger: true,
            pageSizeOptions: ['10', '20', '30', '40', String(LIST_PAGE_SIZE)],
            showTotal: (total) => `共 ${total} 条`,
          }}
        />
      </Card>
    </div>
  );
}
