// A record read on a page of its own, with tabs (`<entity>.detail.json`; an asset card with its
// history, depreciation and label): the menu's hidden route renders it for ?formData={"id":…}. A
// heading names the record; the tabs show its form read-only, its history (every state change and
// the document that made it, linked to that document's approval page), rows of another entity that
// refer to it, and a QR code of its number that opens the site's scan page on a phone.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Result, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { createForm } from '@formily/core';
import QRCode from 'qrcode';
import { useRenderer } from '../context.tsx';
import { dictTypesOf } from '../dicts.ts';
import { rt, schemaText } from '../texts.ts';
import { displayValue, dictTag } from '../list/columns.tsx';
import { buildFormSchema, defaultForm } from '../form/build.ts';
import FormBody from '../form/FormBody.tsx';
import { usePhone } from '../phone.ts';
import { useComponentsOf } from '../form/components.tsx';
import { withFileLists } from '../form/useSchemaForm.ts';
import { recordIdOf } from '../form/FormPage.tsx';
import type { DetailPageBundle, DetailTab, DictEntry, PublicEntity, Row } from '../types.ts';
import { formatDate } from '../format.ts';
import DocumentHistory from './DocumentHistory.tsx';
import '../form/form.css';

interface HistoryRow {
  id: number;
  action: string;
  fromState: string | null;
  toState: string | null;
  createdAt: string;
  userName: string | null;
  source: { entity: string; title: string; id: number; no: string; approvable: boolean } | null;
}

function FormTab({ bundle, record, dicts }: { bundle: DetailPageBundle; record: Row; dicts: Record<string, DictEntry[]> }) {
  const env = useRenderer();
  const form = useMemo(() => createForm({ initialValues: withFileLists(record, bundle), readPretty: true }), [record, bundle]);
  const schema = useMemo(
    () => buildFormSchema(bundle.form ?? defaultForm(bundle.entity), bundle.entity, bundle.texts, env.language, dicts, true),
    [bundle, dicts, env.language],
  );
  useComponentsOf(schema);
  return <FormBody form={form} schema={schema} labelCol={bundle.form?.labelCol} layout={bundle.form?.layout} />;
}

function HistoryTab({
  bundle,
  id,
  dicts,
  stateDict,
}: {
  bundle: DetailPageBundle;
  id: number;
  dicts: Record<string, DictEntry[]>;
  stateDict?: string;
}) {
  const env = useRenderer();
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  useEffect(() => {
    env.fetcher
      .get<HistoryRow[]>(`${bundle.entity.api}/history/${id}`)
      .then((a) => setRows(a.code === '0' ? a.data : []))
      .catch(() => setRows([]));
  }, [bundle, id]);
  if (!rows) return <Spin />;
  if (!rows.length) return <Empty description={rt(env.language, 'historyEmpty')} />;
  const words = stateDict ? dicts[stateDict] : undefined;
  return (
    <Table<HistoryRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="detail-history"
      columns={[
        { key: 'time', title: rt(env.language, 'time'), width: 170, render: (_, r) => formatDate(r.createdAt) },
        {
          key: 'doc',
          title: rt(env.language, 'historyDoc'),
          render: (_, r) =>
            r.source ? (
              r.source.approvable ? (
                <Typography.Link onClick={() => env.navigate(`/approval/${r.source!.entity}/${r.source!.id}`)}>
                  {r.source.title} {r.source.no}
                </Typography.Link>
              ) : (
                `${r.source.title} ${r.source.no}`
              )
            ) : (
              r.action
            ),
        },
        {
          key: 'change',
          title: rt(env.language, 'historyChange'),
          render: (_, r) => (
            <Space size={4}>
              {r.fromState !== null ? dictTag(words, r.fromState) : null}
              {r.fromState !== null ? '→' : null}
              {dictTag(words, r.toState)}
            </Space>
          ),
        },
        { key: 'by', title: rt(env.language, 'historyBy'), width: 120, render: (_, r) => r.userName ?? '' },
      ]}
    />
  );
}

function RowsTab({
  tab,
  bundle,
  record,
  dicts,
}: {
  tab: DetailTab;
  bundle: DetailPageBundle;
  record: Row;
  dicts: Record<string, DictEntry[]>;
}) {
  const env = useRenderer();
  const entity = bundle.related[tab.entity!] as PublicEntity;
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    const query = Object.fromEntries(
      Object.entries(tab.match ?? {}).map(([theirs, ours]) => [theirs, String(record[ours] ?? '')]),
    );
    env.fetcher
      .get<Row[]>(`${entity.api}/list`, query)
      .then((a) => setRows(a.code === '0' ? a.data : []))
      .catch(() => setRows([]));
  }, [entity, record]);
  const fields = new Map(entity.fields.map((f) => [f.name, f]));
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      loading={!rows}
      dataSource={rows ?? []}
      pagination={{ pageSize: 24, hideOnSinglePage: true }}
      data-testid={`detail-rows-${tab.key}`}
      columns={(tab.columns ?? []).map((name) => {
        const field = fields.get(name);
        return {
          key: name,
          title: schemaText(bundle.texts, field?.title, env.language),
          align: field && ['money', 'integer', 'number'].includes(field.type) ? ('right' as const) : undefined,
          render: (_: unknown, row: Row) => displayValue(field, {}, row, dicts, env.language),
        };
      })}
    />
  );
}

/** The code a label holds: this page for the record's number, so a phone's camera opens it. */
export function scanLink(origin: string, path: string, value: unknown): string {
  return `${origin}${path}?code=${encodeURIComponent(String(value ?? ''))}`;
}

function QrTab({
  tab,
  bundle,
  record,
  dicts,
}: {
  tab: DetailTab;
  bundle: DetailPageBundle;
  record: Row;
  dicts: Record<string, DictEntry[]>;
}) {
  const env = useRenderer();
  const [svg, setSvg] = useState('');
  const value = record[tab.value!];
  useEffect(() => {
    void QRCode.toString(scanLink(window.location.origin, bundle.detail.page.path, value), {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
    }).then(setSvg);
  }, [value]);
  const fields = new Map(bundle.entity.fields.map((f) => [f.name, f]));
  // On a phone the code stands above its caption (renderer/phone.ts).
  const phone = usePhone();
  return (
    <Space align="start" size={phone ? 12 : 24} direction={phone ? 'vertical' : 'horizontal'}>
      <div
        className="detail-qr"
        data-testid="detail-qr"
        style={{ width: 180, height: 180 }}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <Space direction="vertical">
        <Typography.Text type="secondary">{rt(env.language, 'scanToOpen')}</Typography.Text>
        <Descriptions size="small" column={1}>
          {(tab.caption ?? []).map((name) => (
            <Descriptions.Item key={name} label={schemaText(bundle.texts, fields.get(name)?.title, env.language)}>
              {displayValue(fields.get(name), {}, record, dicts, env.language)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Space>
    </Space>
  );
}

export default function DetailPage({ bundle, urlQuery }: { bundle: DetailPageBundle; urlQuery: Record<string, string> }) {
  const env = useRenderer();
  const code = bundle.detail.lookup ? urlQuery.code : undefined;
  const asked = recordIdOf(urlQuery.formData);
  const [state, setState] = useState<{ record?: Row; dicts?: Record<string, DictEntry[]>; error?: string }>({});
  useEffect(() => {
    let cancelled = false;
    setState({});
    (async () => {
      // A label's link names the record by its number (?code=ZC-…), a list's by its id.
      let found = asked;
      if (!found && code) {
        const rows = await env.fetcher.get<Row[]>(`${bundle.entity.api}/list`, { [bundle.detail.lookup!]: code });
        found = rows.code === '0' ? (rows.data.find((r) => String(r[bundle.detail.lookup!]) === code)?.id ?? null) : null;
      }
      if (!found) throw new Error(rt(env.language, 'recordMissing'));
      const types = [
        ...new Set([...dictTypesOf(bundle.entity), ...Object.values(bundle.related).flatMap((e) => dictTypesOf(e))]),
      ];
      const [dicts, answer] = await Promise.all([
        types.length ? env.dicts(types) : Promise.resolve({}),
        env.fetcher.get<Row>(`${bundle.entity.api}/infoById/${found}`),
      ]);
      if (answer.code !== '0') throw new Error(answer.msg);
      if (!cancelled) setState({ record: answer.data, dicts });
    })().catch((err) => !cancelled && setState({ error: err instanceof Error ? err.message : env.errorText(err) }));
    return () => {
      cancelled = true;
    };
  }, [bundle, asked, code, env.language]);
  const id = state.record?.id;

  if (state.error) return <Result status="warning" title={rt(env.language, 'loadFailed')} subTitle={state.error} />;
  const { record, dicts } = state;
  if (!record || !dicts || !id) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const fields = new Map(bundle.entity.fields.map((f) => [f.name, f]));
  const [titleField, ...facts] = bundle.detail.heading;
  const stateDict = facts.map((f) => fields.get(f)).find((f) => f?.type === 'dict')?.dict;
  const body = (tab: DetailTab): ReactNode => {
    switch (tab.kind) {
      case 'form':
        return <FormTab bundle={bundle} record={record} dicts={dicts} />;
      case 'history':
        return <HistoryTab bundle={bundle} id={id} dicts={dicts} stateDict={stateDict} />;
      case 'rows':
        return <RowsTab tab={tab} bundle={bundle} record={record} dicts={dicts} />;
      case 'qr':
        return <QrTab tab={tab} bundle={bundle} record={record} dicts={dicts} />;
    }
  };
  return (
    <Card
      data-testid={`schema-detail-${bundle.component}`}
      title={
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-title">
            {String(record[titleField!] ?? '')}
          </Typography.Title>
          {facts.map((name) => {
            const field = fields.get(name);
            const shown = displayValue(field, {}, record, dicts, env.language);
            return field?.type === 'dict' ? (
              <span key={name}>{shown}</span>
            ) : (
              <Tag key={name} bordered={false}>
                {schemaText(bundle.texts, field?.title, env.language)}：{shown}
              </Tag>
            );
          })}
        </Space>
      }
      extra={
        <Space wrap>
          {(bundle.detail.actions ?? []).map((a) => (
            <Button
              key={a.endpoint}
              type="primary"
              data-testid={`detail-action-${a.endpoint.split('/').pop()}`}
              onClick={() =>
                void env.fetcher
                  .post(
                    a.endpoint.replace(/^\//, ''),
                    Object.fromEntries(Object.entries(a.body ?? {}).map(([k, f]) => [k, record[f]])),
                  )
                  .then((answer) => (answer.code === '0' ? env.message.success(answer.msg) : env.message.error(answer.msg)))
                  .catch((err) => env.message.error(env.errorText(err)))
              }
            >
              {schemaText(bundle.texts, a.title, env.language)}
            </Button>
          ))}
          <Button icon={<PrinterOutlined />} onClick={() => env.navigate(`/print/${bundle.entity.name}/${id}`)}>
            {rt(env.language, 'print')}
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={() => env.leave(bundle.detail.page.back)} data-testid="detail-back">
            {rt(env.language, 'back')}
          </Button>
        </Space>
      }
    >
      <Tabs
        items={[
          ...bundle.detail.tabs.map((tab) => ({
            key: tab.key,
            label: schemaText(bundle.texts, tab.title, env.language),
            children: body(tab),
          })),
          // Every entity with a table of its own: what the audit trail holds of the record (issue 36).
          ...(bundle.entity.trail
            ? [{ key: 'trail', label: rt(env.language, 'trailTab'), children: <DocumentHistory entity={bundle.entity.name} id={id} /> }]
            : []),
        ]}
      />
    </Card>
  );
}
