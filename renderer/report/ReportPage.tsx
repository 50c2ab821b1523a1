// A report an endpoint answers whole (`<name>.report.json`, issue 34): a query bar (a month on the
// site's clock, choices from an endpoint), the rows GET <api> answers for it, a totals row of the
// columns marked `total` (money summed in cents, exactly) and an export of the same query.
import { useEffect, useMemo, useState } from 'react';
import { Button, DatePicker, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useRenderer } from '../context.tsx';
import { thousands } from '../format.ts';
import { rt, schemaText } from '../texts.ts';
import { siteToday } from '../time.ts';
import type { ReportPageBundle } from '../types.ts';

type Row = Record<string, unknown>;

const cents = (v: unknown): bigint => {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(String(v ?? '0').trim());
  if (!m) return 0n;
  const c = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -c : c;
};
const fromCents = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

export default function ReportPage({ bundle }: { bundle: ReportPageBundle }) {
  const env = useRenderer();
  const { report, texts } = bundle;
  const tx = (key: string | undefined) => schemaText(texts, key, env.language);
  const initial = useMemo(
    () =>
      Object.fromEntries(
        (report.query ?? []).filter((q) => q.default === 'thisMonth').map((q) => [q.name, siteToday().slice(0, 7)]),
      ) as Record<string, string | undefined>,
    [report],
  );
  const [values, setValues] = useState<Record<string, string | undefined>>(initial);
  const [asked, setAsked] = useState(initial);
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [choices, setChoices] = useState<Record<string, Array<{ value: string; label: string }>>>({});

  useEffect(() => {
    for (const q of report.query ?? []) {
      if (q.type !== 'select' || !q.options) continue;
      const o = q.options;
      void env.fetcher
        .get<unknown>(o.api)
        .then((a) => {
          if (a.code !== '0') return;
          const data = a.data as Row[] | { records?: Row[]; rows?: Row[] };
          const list = Array.isArray(data) ? data : (data?.records ?? data?.rows ?? []);
          setChoices((c) => ({ ...c, [q.name]: list.map((r) => ({ value: String(r[o.value]), label: String(r[o.label] ?? r[o.value]) })) }));
        })
        .catch(() => undefined);
    }
  }, [report]);

  const params = (v: Record<string, string | undefined>) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== ''));
  useEffect(() => {
    if ((report.query ?? []).some((q) => q.required && !asked[q.name])) return;
    let live = true;
    setLoading(true);
    env.fetcher
      .get<Row[]>(report.api, params(asked))
      .then((a) => {
        if (!live) return;
        if (a.code === '0') setRows(Array.isArray(a.data) ? a.data : []);
        else {
          setRows([]);
          env.message.error(a.msg);
        }
      })
      .catch((err) => live && env.message.error(env.errorText(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [asked]);

  const exportFile = async () => {
    if (!report.export) return;
    const key = 'report-export';
    env.message.loading({ key, content: rt(env.language, 'reportExport'), duration: 0 });
    const result = await env.fetcher.download(report.export.api, params(asked));
    if ('code' in result) {
      env.message.error({ key, content: result.msg });
      return;
    }
    const url = URL.createObjectURL(result.blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = result.fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    env.message.destroy(key);
  };

  const show = (type: string | undefined, v: unknown) =>
    type === 'money' ? thousands(v, 2, env.language) : type === 'number' ? thousands(v, undefined, env.language) : String(v ?? '');
  const columns = report.columns.map((c) => ({
    key: c.field,
    dataIndex: c.field,
    title: tx(c.title),
    width: c.width,
    align: c.type === 'money' || c.type === 'number' ? ('right' as const) : undefined,
    render: (v: unknown) => <span style={{ whiteSpace: 'nowrap' }}>{show(c.type, v)}</span>,
  }));
  const totals = useMemo(() => {
    const out: Record<string, string> = {};
    for (const c of report.columns.filter((x) => x.total))
      out[c.field] =
        c.type === 'money' ? fromCents(rows.reduce((s, r) => s + cents(r[c.field]), 0n)) : String(rows.reduce((s, r) => s + Number(r[c.field] ?? 0), 0));
    return out;
  }, [rows, report]);
  const keyOf = (r: Row) => (report.rowKey ?? ['id']).map((k) => String(r[k])).join(':');

  return (
    <div className="nk-report" data-testid="report-page">
      {report.title && <Typography.Title level={4}>{tx(report.title)}</Typography.Title>}
      <Space wrap style={{ marginBottom: 12 }}>
        {(report.query ?? []).map((q) => (
          <Space key={q.name}>
            <span>{tx(q.title)}</span>
            {q.type === 'month' ? (
              <DatePicker
                picker="month"
                data-testid={`report-query-${q.name}`}
                allowClear={!q.required}
                value={values[q.name] ? dayjs(`${values[q.name]}-01`) : null}
                onChange={(d) => setValues((v) => ({ ...v, [q.name]: d ? d.format('YYYY-MM') : undefined }))}
              />
            ) : (
              <Select
                allowClear
                style={{ minWidth: 180 }}
                data-testid={`report-query-${q.name}`}
                options={choices[q.name] ?? []}
                value={values[q.name]}
                onChange={(v) => setValues((x) => ({ ...x, [q.name]: v ?? undefined }))}
              />
            )}
          </Space>
        ))}
        <Button type="primary" icon={<SearchOutlined />} onClick={() => setAsked({ ...values })} data-testid="report-search">
          {rt(env.language, 'reportSearch')}
        </Button>
        {report.export && (
          <Button icon={<DownloadOutlined />} onClick={() => void exportFile()} data-testid="report-export">
            {rt(env.language, 'reportExport')}
          </Button>
        )}
      </Space>
      <Table
        size="small"
        bordered
        loading={loading}
        rowKey={keyOf}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          rows.length > 0 && Object.keys(totals).length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="report-totals">
                {report.columns.map((c, i) => (
                  <Table.Summary.Cell key={c.field} index={i} align={c.type === 'money' || c.type === 'number' ? 'right' : undefined}>
                    <strong style={{ whiteSpace: 'nowrap' }}>
                      {i === 0 ? rt(env.language, 'reportTotal') : c.field in totals ? show(c.type, totals[c.field]) : ''}
                    </strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </div>
  );
}
