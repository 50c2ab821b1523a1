// A document as it stood at a moment of its audit trail (issue 36), read-only: the values
// GET /monitor/audit/asOf rebuilds from the trail, shown by the same form the document's list and
// approval page show it with (buildFormSchema + FormBody, read-pretty) under the entity files it
// was saved under then; a banner says which moment it is. Opened from a history entry ("view the
// document as of this") and from a record of the auditor's trail screen: /asof/<entity>/<id>?seq=.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { createForm } from '@formily/core';
import { useRenderer } from '../context.tsx';
import { dictTypesOf } from '../dicts.ts';
import { formatDate } from '../format.ts';
import { rt, schemaText } from '../texts.ts';
import { buildFormSchema, defaultForm } from '../form/build.ts';
import FormBody from '../form/FormBody.tsx';
import { useComponentsOf } from '../form/components.tsx';
import { withFileLists } from '../form/useSchemaForm.ts';
import { installFormily } from '../form/locale.ts';
import { documentTitle } from '../../validators/locale.ts';
import type { DocumentAsOf as AsOf } from '../../validators/audit-history.ts';
import type { ApprovalBundle } from '../approval/ApprovalPage.tsx';
import type { DictEntry, Row } from '../types.ts';
import '../form/form.css';

function AsOfForm({ bundle, asOf, dicts }: { bundle: ApprovalBundle; asOf: AsOf; dicts: Record<string, DictEntry[]> }) {
  const env = useRenderer();
  const form = useMemo(
    () => createForm({ initialValues: withFileLists(asOf.document as Row, bundle), readPretty: true }),
    [asOf, bundle],
  );
  const schema = useMemo(
    () => buildFormSchema(bundle.form ?? defaultForm(bundle.entity), bundle.entity, bundle.texts, env.language, dicts, true),
    [bundle, dicts, env.language],
  );
  useComponentsOf(schema);
  return <FormBody form={form} schema={schema} labelCol={bundle.form?.labelCol} layout={bundle.form?.layout} />;
}

export default function DocumentAsOf({
  entity,
  id,
  seq,
  at,
  onTitle,
}: {
  entity: string;
  id: string;
  seq?: string;
  at?: string;
  onTitle?: (title: string) => void;
}) {
  const env = useRenderer();
  installFormily(env.language);
  const [state, setState] = useState<{
    asOf?: AsOf;
    bundle?: ApprovalBundle;
    dicts?: Record<string, DictEntry[]>;
    error?: string;
  }>({});
  useEffect(() => {
    let cancelled = false;
    setState({});
    (async () => {
      const answer = await env.fetcher.get<AsOf>('monitor/audit/asOf', {
        entity,
        ...(id ? { id } : {}),
        ...(seq ? { seq } : {}),
        ...(at ? { at } : {}),
      });
      if (answer.code !== '0') throw new Error(answer.msg);
      const version = answer.data.schemaVersion;
      const bundle = await env.fetcher.get<ApprovalBundle>(`schema/approval/${entity}`, version ? { version } : {});
      if (bundle.code !== '0') throw new Error(bundle.msg);
      const types = dictTypesOf(bundle.data.entity);
      const dicts = types.length ? await env.dicts(types) : {};
      if (!cancelled) setState({ asOf: answer.data, bundle: bundle.data, dicts });
    })().catch((err) => !cancelled && setState({ error: err instanceof Error ? err.message : env.errorText(err) }));
    return () => {
      cancelled = true;
    };
  }, [entity, id, seq, at, env.language]);
  const { asOf, bundle, dicts } = state;
  const title =
    asOf && bundle
      ? rt(env.language, 'asOfTitle', {
          doc: documentTitle(
            schemaText(bundle.texts, bundle.entity.title, env.language),
            bundle.entity.display ? asOf.document[bundle.entity.display] : null,
            String(asOf.document.id ?? id),
            env.language,
          ),
          seq: asOf.seq,
        })
      : '';
  useEffect(() => void (title && onTitle?.(title)), [title, onTitle]);
  if (state.error)
    return (
      <div data-testid="asof-error">
        <Result status="warning" title={rt(env.language, 'asOfFailed')} subTitle={state.error} />
      </div>
    );
  if (!asOf || !bundle || !dicts) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return (
    <Card
      data-testid="document-asof"
      title={
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
          {title}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => window.history.back()} data-testid="asof-back">
            {rt(env.language, 'back')}
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="asof-banner"
        message={rt(env.language, 'asOfBanner', { at: formatDate(asOf.at), seq: asOf.seq })}
      />
      <AsOfForm bundle={bundle} asOf={asOf} dicts={dicts} />
    </Card>
  );
}
