// The query form above a list: one control per queried field (text, dictionary, date range). The
// range is of the site's days (issue 32): the picker's today is the site's, and the days go as they
// were picked, 'YYYY-MM-DD', which the server takes as the site's days.
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { rt, schemaText } from '../texts.ts';
import type { DictEntry, PageBundle } from '../types.ts';
import { RefPicker } from '../form/RefPicker.tsx';
import { SiteDatePicker } from '../form/sitePicker.ts';
import { useEffect, useState } from 'react';
import { useRenderer } from '../context.tsx';

/** A query field chosen from an endpoint's [{ value, label }] (list `queryOptions`). */
function OptionsFilter({ api, value, onChange }: { api: string; value?: string; onChange?: (v: string | undefined) => void }) {
  const env = useRenderer();
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    let live = true;
    env.fetcher
      .get<Array<{ value: string; label: string }>>(api)
      .then((r) => {
        if (live && Array.isArray(r.data)) setOptions(r.data.map((o) => ({ value: String(o.value), label: String(o.label) })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, env.fetcher]);
  return <Select allowClear showSearch optionFilterProp="label" style={{ width: 180 }} value={value} onChange={onChange} options={options} />;
}

export interface QueryValues {
  [field: string]: unknown;
}

export default function QueryForm({
  bundle,
  dicts,
  language,
  initial,
  onSearch,
}: {
  bundle: PageBundle;
  dicts: Record<string, DictEntry[]>;
  language: string;
  /** Values the page opened with (from its URL), shown and changeable like any other. */
  initial?: QueryValues;
  onSearch: (values: QueryValues) => void;
}) {
  const [form] = Form.useForm();
  const fields = new Map(bundle.entity.fields.map((f) => [f.name, f]));
  const queried = (bundle.list.query ?? []).map((n) => fields.get(n)).filter((f) => f !== undefined);
  const rangeField = bundle.list.dateRange ? fields.get(bundle.list.dateRange) : undefined;
  if (!queried.length && !rangeField) return null; // a query of fields the entity no longer has

  const submit = (values: Record<string, unknown>) => {
    const out: QueryValues = {};
    for (const [k, v] of Object.entries(values)) {
      if (k === '__range') {
        const range = v as [Dayjs, Dayjs] | null;
        if (range?.[0]) out['parameter.beginTime'] = range[0].format('YYYY-MM-DD');
        if (range?.[1]) out['parameter.endTime'] = range[1].format('YYYY-MM-DD');
      } else if (v !== undefined && v !== null && v !== '') out[k] = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v;
    }
    onSearch(out);
  };

  return (
    <Form form={form} layout="inline" initialValues={initial} onFinish={submit} className="schema-query" data-testid="query-form">
      {queried.map((f) =>
        // A number queried as a range: from and to, sent as <field>Begin and <field>End.
        f.query === 'between' && (f.type === 'integer' || f.type === 'number' || f.type === 'money') ? (
          <Form.Item key={f.name} label={schemaText(bundle.texts, f.title, language)}>
            <Space.Compact>
              <Form.Item name={`${f.name}Begin`} noStyle>
                <InputNumber style={{ width: 120 }} placeholder={rt(language, 'rangeFrom')} data-testid={`query-${f.name}Begin`} />
              </Form.Item>
              <Form.Item name={`${f.name}End`} noStyle>
                <InputNumber style={{ width: 120 }} placeholder={rt(language, 'rangeTo')} data-testid={`query-${f.name}End`} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        ) : (
        <Form.Item key={f.name} name={f.name} label={schemaText(bundle.texts, f.title, language)}>
          {bundle.list.queryOptions?.[f.name] ? (
            <OptionsFilter api={bundle.list.queryOptions[f.name]!} />
          ) : f.type === 'dict' ? (
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 160 }}
              options={(dicts[f.dict ?? ''] ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
            />
          ) : f.type === 'ref' && f.refApi && f.refDisplay ? (
            // A reference is chosen by name, as in the form, and queried by id.
            <RefPicker api={f.refApi} display={f.refDisplay} pick={f.refPick} allowClear style={{ width: 180 }} />
          ) : f.type === 'integer' || f.type === 'number' || f.type === 'money' ? (
            <InputNumber style={{ width: 160 }} />
          ) : (
            <Input allowClear style={{ width: 180 }} maxLength={f.maxLength ?? 100} />
          )}
        </Form.Item>
        ),
      )}
      {rangeField && (
        <Form.Item name="__range" label={schemaText(bundle.texts, rangeField.title, language)}>
          <SiteDatePicker.RangePicker placeholder={[rt(language, 'begin'), rt(language, 'end')]} />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="query-submit">
            {rt(language, 'search')}
          </Button>
          <Button
            onClick={() => {
              // Reset shows every row: the values the page opened with go too.
              form.resetFields();
              if (initial) form.setFieldsValue(Object.fromEntries(Object.keys(initial).map((k) => [k, undefined])));
              onSearch({});
            }}
          >
            {rt(language, 'reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
