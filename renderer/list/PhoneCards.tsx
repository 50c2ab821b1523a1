// A list on a phone (issue 34, renderer/phone.ts): each row a card — its first column as the card's
// heading, the next columns as label and value, its actions along the bottom — and the pager under
// them. The same columns and actions the table has, so what a row shows and offers is one thing.
import type { Key, ReactNode } from 'react';
import { Card, Checkbox, Empty, Pagination, Spin } from 'antd';
import type { Row } from '../types.ts';

export interface PhoneColumn {
  key?: Key;
  dataIndex?: unknown;
  title?: ReactNode;
  render?: (value: unknown, row: Row, index: number) => ReactNode;
}

/** The fields a card shows below its heading. */
const FIELDS = 5;

export default function PhoneCards({
  columns,
  rows,
  rowKey,
  loading,
  empty,
  selected,
  onSelect,
  pagination,
}: {
  columns: PhoneColumn[];
  rows: Row[];
  rowKey: string;
  loading: boolean;
  empty: string;
  /** The rows chosen for a batch action, when the list has any. */
  selected?: Key[];
  onSelect?: (keys: Key[]) => void;
  pagination?: { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
}) {
  const actions = columns.find((c) => c.key === '__actions');
  const [head, ...rest] = columns.filter((c) => c !== actions);
  const cell = (c: PhoneColumn, row: Row, i: number): ReactNode =>
    c.render ? c.render(row[String(c.dataIndex)], row, i) : String(row[String(c.dataIndex)] ?? '');
  return (
    <Spin spinning={loading}>
      <div className="nk-phone-cards" data-testid="phone-cards">
        {rows.length === 0 && !loading ? <Empty description={empty} /> : null}
        {rows.map((row, i) => {
          const key = row[rowKey] as Key;
          return (
            <Card
              key={key}
              size="small"
              className="nk-phone-card"
              data-testid="phone-card"
              title={
                <span className="nk-phone-card-title">
                  {onSelect && (
                    <Checkbox
                      checked={selected?.includes(key)}
                      onChange={(e) =>
                        onSelect(e.target.checked ? [...(selected ?? []), key] : (selected ?? []).filter((k) => k !== key))
                      }
                    />
                  )}
                  {head ? cell(head, row, i) : null}
                </span>
              }
            >
              <dl className="nk-phone-card-fields">
                {rest.slice(0, FIELDS).map((c) => (
                  <div key={String(c.key ?? c.dataIndex)}>
                    <dt>{c.title}</dt>
                    <dd>{cell(c, row, i)}</dd>
                  </div>
                ))}
              </dl>
              {actions ? (
                <div className="nk-phone-card-actions" data-testid="phone-card-actions">
                  {cell(actions, row, i)}
                </div>
              ) : null}
            </Card>
          );
        })}
        {pagination && pagination.total > pagination.pageSize ? (
          <Pagination simple size="small" style={{ textAlign: 'center' }} {...pagination} />
        ) : null}
      </div>
    </Spin>
  );
}
