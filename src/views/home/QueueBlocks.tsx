// The home page's work queues (issue 34): each block of schemas/home/queues.json the user may see
// (the server decides: GET /home/queues), a title, the count, the first rows of the list with its
// fixed filter, and the link to that list. Counts again when the window comes back into focus.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Card, Col, Empty, Row, Space, Table } from 'antd';
import type { Breakpoint } from 'antd';
import { get } from '../../api/request.ts';
import { withVersion } from '../../router/Guard.tsx';
import { thousands } from '../../../renderer/format.ts';
import { formatInstant } from '../../../renderer/time.ts';

interface Queue {
  key: string;
  title: string;
  /** What the block says when nothing waits (the queue's own words). */
  empty?: string;
  total: number;
  rows: Array<Record<string, unknown>>;
  columns: Array<{ field: string; title: string; type: 'text' | 'money' | 'date' | 'datetime'; phone?: false }>;
  link: string | null;
  error?: string;
}

function cell(value: unknown, type: Queue['columns'][number]['type'], language: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'money') return thousands(value, 2, language);
  if (type === 'datetime') return formatInstant(String(value));
  return String(value);
}

/** A money column's width: its widest figure or its title, whole (the text columns give way). */
function moneyWidth(q: Queue, c: Queue['columns'][number], language: string): number {
  const chars = Math.max(...q.rows.map((r) => cell(r[c.field], c.type, language).length), 0);
  const title = [...c.title].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 14 : 8), 0);
  return Math.max(chars * 8.5, title) + 20;
}

export default function QueueBlocks() {
  const { t, i18n } = useTranslation();
  const [queues, setQueues] = useState<Queue[] | null>(null);
  const load = useCallback(() => {
    get<Queue[]>('home/queues')
      .then(setQueues)
      .catch(() => setQueues((q) => q ?? []));
  }, []);
  useEffect(() => {
    load();
    window.addEventListener('focus', load);
    return () => window.removeEventListener('focus', load);
  }, [load, i18n.language]);
  if (queues !== null && queues.length === 0) return null;
  return (
    <Row gutter={[24, 24]} data-testid="home-queues">
      {(queues ?? [null]).map((q, i) => (
        <Col key={q?.key ?? i} xs={24} xxl={12}>
          <Card
            loading={q === null}
            data-testid={q ? `queue-${q.key}` : undefined}
            title={
              q && (
                <Space size={8}>
                  {q.title}
                  <Badge
                    count={q.total}
                    showZero
                    overflowCount={999}
                    color={q.total ? undefined : '#d9d9d9'}
                    data-testid="queue-count"
                  />
                </Space>
              )
            }
            extra={q?.link && <Link to={withVersion(q.link)}>{t('home.pending.more')}</Link>}
            styles={{ body: { padding: q?.rows.length ? 0 : undefined } }}
          >
            {q?.error ? (
              <Alert type="warning" showIcon message={q.error} />
            ) : q && q.rows.length ? (
              <Table
                size="small"
                pagination={false}
                rowKey={(r) => String(r.id ?? JSON.stringify(r))}
                dataSource={q.rows}
                columns={q.columns.map((c) =>
                  c.type === 'money'
                    ? // Money shows whole, never cut off: a column as wide as its widest figure.
                      {
                        key: c.field,
                        title: c.title,
                        align: 'right' as const,
                        width: Math.ceil(moneyWidth(q, c, i18n.language)),
                        render: (_: unknown, r: Record<string, unknown>) => (
                          <span data-testid="queue-money" style={{ whiteSpace: 'nowrap' }}>
                            {cell(r[c.field], c.type, i18n.language)}
                          </span>
                        ),
                      }
                    : {
                        key: c.field,
                        title: c.title,
                        ellipsis: true,
                        // A lower-priority column gives way on a phone (below 576 px).
                        responsive: c.phone === false ? (['sm'] as Breakpoint[]) : undefined,
                        render: (_: unknown, r: Record<string, unknown>) => cell(r[c.field], c.type, i18n.language),
                      },
                )}
              />
            ) : (
              q && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q.empty || undefined} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
