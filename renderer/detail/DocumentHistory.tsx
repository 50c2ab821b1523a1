// A document's history tab (issue 36): what the audit trail holds of the document, newest first —
// when, who (their department), the step, and what changed: field | before | after in the reader's
// language (the server says it: GET /monitor/audit/history), lines added, changed or removed under
// their collection's title, approval decisions with their comment. The detail page and the approval
// page show it for every entity with a table of its own (`trail` of the public entity). Each entry
// opens the document as it stood after it (/asof/<entity>/<id>?seq=, DocumentAsOf.tsx); a document
// its entity file declares payable has, at the top, what was approved against what was paid.
import { useEffect, useState } from 'react';
import { Descriptions, Empty, Result, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useRenderer } from '../context.tsx';
import { formatDate } from '../format.ts';
import { rt, type RendererTextKey } from '../texts.ts';
import type { ApprovedVsPaid, DocumentHistoryAnswer, FieldChange, HistoryEntry } from '../../validators/audit-history.ts';

const OP_TEXT: Record<string, RendererTextKey> = { insert: 'trailInsert', update: 'trailUpdate', delete: 'trailDelete' };
const LINE_TEXT: Record<string, RendererTextKey> = {
  added: 'trailLineAdded',
  removed: 'trailLineRemoved',
  changed: 'trailLineChanged',
};
const COLORS: Record<string, string> = { insert: 'green', delete: 'red', approve: 'green', reject: 'red', submit: 'blue' };

function Changes({ changes, language }: { changes: FieldChange[]; language: string }) {
  const cell = (v: string | null) => (v === null ? <Typography.Text type="secondary">—</Typography.Text> : v);
  return (
    <Table<FieldChange>
      size="small"
      pagination={false}
      rowKey={(c, i) => `${c.field}:${i}`}
      dataSource={changes}
      tableLayout="fixed"
      style={{ marginTop: 6, maxWidth: 640 }}
      data-testid="trail-changes"
      columns={[
        { key: 'field', title: rt(language, 'trailField'), width: '30%', render: (_, c) => c.field },
        {
          key: 'before',
          title: rt(language, 'trailBefore'),
          render: (_, c) => <span style={{ wordBreak: 'break-word' }}>{cell(c.before)}</span>,
        },
        {
          key: 'after',
          title: rt(language, 'trailAfter'),
          render: (_, c) => <span style={{ wordBreak: 'break-word' }}>{cell(c.after)}</span>,
        },
      ]}
    />
  );
}

/** What was approved against what was paid: the difference stands out when they differ. */
function PaidSummary({ summary, language }: { summary: ApprovedVsPaid; language: string }) {
  const t = (k: RendererTextKey, p?: Record<string, string | number>) => rt(language, k, p);
  return (
    <div
      data-testid="trail-paid"
      style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '10px 12px', marginBottom: 12, maxWidth: 640 }}
    >
      <Typography.Text strong>{t('paidTitle')}</Typography.Text>
      <Descriptions size="small" column={1} style={{ marginTop: 6 }}>
        <Descriptions.Item label={t('paidApproved', { field: summary.field })}>
          {summary.approved === null ? (
            <Typography.Text type="secondary">{t('paidNotApproved')}</Typography.Text>
          ) : (
            <span data-testid="trail-paid-approved">
              {summary.approved}
              {summary.approvedSeq !== null && (
                <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
                  #{summary.approvedSeq}
                </Typography.Text>
              )}
            </span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('paidPaid')}>
          <span data-testid="trail-paid-paid">{summary.paid}</span>
        </Descriptions.Item>
        {summary.approved !== null && (
          <Descriptions.Item label={t('paidDifference')}>
            {summary.difference !== null ? (
              <Typography.Text type="danger" strong mark data-testid="trail-paid-difference">
                {summary.difference}
              </Typography.Text>
            ) : (
              <Typography.Text type="success">{t('paidEqual')}</Typography.Text>
            )}
          </Descriptions.Item>
        )}
      </Descriptions>
      {summary.lines.map((c) => (
        <Table
          key={c.collection}
          size="small"
          pagination={false}
          tableLayout="fixed"
          rowKey={(_, i) => String(i)}
          dataSource={c.rows}
          title={() => c.field}
          style={{ marginTop: 6 }}
          data-testid="trail-paid-lines"
          columns={[
            { key: 'label', title: c.collection, render: (_, r) => <span style={{ wordBreak: 'break-word' }}>{r.label}</span> },
            { key: 'approved', title: t('paidLineApproved'), align: 'right', render: (_, r) => r.approved ?? '—' },
            {
              key: 'now',
              title: t('paidLineNow'),
              align: 'right',
              render: (_, r) =>
                r.now !== r.approved ? <Typography.Text type="danger">{r.now ?? '—'}</Typography.Text> : (r.now ?? '—'),
            },
          ]}
        />
      ))}
    </div>
  );
}

export default function DocumentHistory({ entity, id }: { entity: string; id: number }) {
  const env = useRenderer();
  const language = env.language;
  const [state, setState] = useState<{ entries?: HistoryEntry[]; paid?: ApprovedVsPaid | null; error?: string }>({});
  useEffect(() => {
    let cancelled = false;
    setState({});
    env.fetcher
      .get<DocumentHistoryAnswer>('monitor/audit/history', { entity, id })
      .then(
        (a) =>
          !cancelled && setState(a.code === '0' ? { entries: a.data.entries, paid: a.data.approvedVsPaid } : { error: a.msg }),
      )
      .catch((err) => !cancelled && setState({ error: env.errorText(err) }));
    return () => {
      cancelled = true;
    };
  }, [entity, id, language]);
  if (state.error)
    return <Result status="warning" title={rt(language, 'trailLoadFailed')} subTitle={state.error} data-testid="trail-error" />;
  if (!state.entries) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  if (!state.entries.length) return <Empty description={rt(language, 'trailEmpty')} />;
  const newestFirst = [...state.entries].reverse();
  return (
    <>
      {state.paid && <PaidSummary summary={state.paid} language={language} />}
      <Timeline
        style={{ marginTop: 8 }}
        data-testid="document-history"
        items={newestFirst.map((e) => {
          const what =
            e.kind === 'decision'
              ? e.decision!.label
              : e.kind === 'state'
                ? e.step
                : e.kind === 'lines'
                  ? e.collection
                  : rt(language, OP_TEXT[e.op] ?? 'trailUpdate');
          return {
            key: e.seq,
            color: COLORS[e.decision?.value ?? e.op] ?? 'blue',
            children: (
              <div data-testid="trail-entry">
                <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Tag color={COLORS[e.decision?.value ?? e.op]} style={{ marginInlineEnd: 0 }}>
                    {what}
                  </Tag>
                  {e.step && e.kind !== 'state' && <Typography.Text strong>{e.step}</Typography.Text>}
                  <Typography.Text data-testid="trail-actor">
                    {e.actorName ?? ''}
                    {e.deptName ? (language.startsWith('zh') ? `（${e.deptName}）` : ` (${e.deptName})`) : ''}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDate(e.at)} #{e.seq}
                  </Typography.Text>
                  <Typography.Link
                    style={{ fontSize: 12 }}
                    data-testid="trail-asof"
                    onClick={() => env.navigate(`/asof/${entity}/${id}?seq=${e.seq}`)}
                  >
                    {rt(language, 'trailAsOf')}
                  </Typography.Link>
                </div>
                {e.decision?.comment && (
                  <div
                    style={{
                      marginTop: 6,
                      padding: '6px 10px',
                      background: '#fafafa',
                      borderRadius: 4,
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-word',
                    }}
                    data-testid="trail-comment"
                  >
                    {e.decision.comment}
                  </div>
                )}
                {e.changes.length > 0 && <Changes changes={e.changes} language={language} />}
                {e.lines?.map((l, i) => (
                  <div key={i} style={{ marginTop: 6 }}>
                    <Typography.Text type="secondary">{rt(language, LINE_TEXT[l.change]!)}</Typography.Text>
                    <Changes changes={l.changes} language={language} />
                  </div>
                ))}
              </div>
            ),
          };
        })}
      />
    </>
  );
}
