// Code generation (tool area): pick an existing table or paste one sample record, preview the
// entity, list and form files and the texts they use, and download them as a zip to unpack at the
// repository root. The server does the generating (/api/tool/gen/*); this page only asks and shows.
import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Col, Empty, Form, Input, Row, Segmented, Select, Space, Tabs, Typography, theme } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import http, { errorMessage, get, post, type Envelope } from '../../api/request.ts';
import { useStores } from '../../stores/index.ts';
import { feedback } from '../../utils/feedback.ts';

type Source = 'table' | 'sample';

interface TableInfo {
  name: string;
  columns: number;
}

interface GeneratedFile {
  path: string;
  content: string;
}

interface Values {
  table?: string;
  sample?: string;
  name?: string;
  area?: string;
  api?: string;
  permission?: string;
}

const NAME = /^[a-z][A-Za-z0-9]*$/;
const TRANSFER_TIMEOUT_MS = 120_000;

/** The sample text as an object, or why it is not one. */
function parseSample(text: string): { record: Record<string, unknown> } | { error: 'json' | 'object'; detail?: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.keys(value).length)
      return { error: 'object' };
    return { record: value as Record<string, unknown> };
  } catch (err) {
    return { error: 'json', detail: (err as Error).message };
  }
}

export default observer(function CodeGen() {
  const { t } = useTranslation();
  const { session } = useStores();
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  const [source, setSource] = useState<Source>('table');
  const [tables, setTables] = useState<TableInfo[]>([]);
  const [tablesLoading, setTablesLoading] = useState(true);
  const [files, setFiles] = useState<GeneratedFile[] | null>(null);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [busy, setBusy] = useState<'preview' | 'download' | null>(null);
  // The api and permission follow name and area until the user types their own.
  const [edited, setEdited] = useState({ api: false, permission: false });

  useEffect(() => {
    let live = true;
    get<TableInfo[]>('tool/gen/tables')
      .then((list) => live && setTables(list))
      .catch((err) => live && feedback.message.error(errorMessage(err)))
      .finally(() => live && setTablesLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const tableOptions = useMemo(
    () => tables.map((x) => ({ value: x.name, label: `${x.name} (${t('codegen.columns', { count: x.columns })})` })),
    [tables, t],
  );

  const onValuesChange = (changed: Partial<Values>, all: Values) => {
    if ('api' in changed) setEdited((e) => ({ ...e, api: Boolean(changed.api) }));
    if ('permission' in changed) setEdited((e) => ({ ...e, permission: Boolean(changed.permission) }));
    if ('name' in changed || 'area' in changed) {
      const ready = NAME.test(all.name ?? '') && NAME.test(all.area ?? '');
      const next: Partial<Values> = {};
      if (!edited.api) next.api = ready ? `/${all.area}/${all.name}` : '';
      if (!edited.permission) next.permission = ready ? `${all.area}:${all.name}` : '';
      form.setFieldsValue(next);
    }
    if ('table' in changed && changed.table && !form.getFieldValue('name')) {
      // biz_meeting_room → meetingRoom: a starting name the user may change.
      const parts = changed.table
        .replace(/^(biz|sys|t)_/, '')
        .split('_')
        .filter(Boolean);
      const name = parts.map((p, i) => (i ? p[0]!.toUpperCase() + p.slice(1) : p)).join('');
      if (NAME.test(name)) {
        form.setFieldsValue({ name });
        onValuesChange({ name }, { ...all, name });
      }
    }
  };

  /** The request body, or null when the form shows what to fix. */
  const bodyOf = async (): Promise<Record<string, unknown> | null> => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    const body: Record<string, unknown> = { name: values.name, area: values.area };
    if (values.api) body.api = values.api;
    if (values.permission) body.permission = values.permission;
    if (source === 'table') body.table = values.table;
    else {
      const parsed = parseSample(values.sample ?? '');
      if (!('record' in parsed)) return null;
      body.sample = parsed.record;
    }
    return body;
  };

  const preview = async () => {
    const body = await bodyOf();
    if (!body) return;
    setBusy('preview');
    try {
      const data = await post<{ files: GeneratedFile[]; skipped: string[] }>('tool/gen/preview', body);
      setFiles(data.files);
      setSkipped(data.skipped ?? []);
    } catch (err) {
      feedback.message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    const body = await bodyOf();
    if (!body) return;
    setBusy('download');
    try {
      const response = await http.post<Blob>('tool/gen/download', body, { responseType: 'blob', timeout: TRANSFER_TIMEOUT_MS });
      if (String(response.headers['content-type'] ?? '').includes('application/json')) {
        const answer = JSON.parse(await response.data.text()) as Envelope<null>;
        feedback.message.error(answer.msg);
        return;
      }
      const disposition = String(response.headers['content-disposition'] ?? '');
      const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
      const fileName = encoded ? decodeURIComponent(encoded) : `${String(body.name)}-schemas.zip`;
      const url = URL.createObjectURL(response.data);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      feedback.message.success(t('codegen.downloaded', { file: fileName }));
    } catch (err) {
      feedback.message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const nameRules = [
    { required: true, message: t('common.required') },
    { pattern: NAME, message: t('codegen.namePattern') },
    { max: 40, message: t('codegen.nameLength') },
  ];

  return (
    <Card>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 960 }}>
        {t('codegen.intro')}
      </Typography.Paragraph>
      <Segmented<Source>
        data-testid="codegen-source"
        value={source}
        onChange={(v) => setSource(v)}
        options={[
          { value: 'table', label: t('codegen.fromTable') },
          { value: 'sample', label: t('codegen.fromSample') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" onValuesChange={onValuesChange} requiredMark={false}>
        {source === 'table' ? (
          <Form.Item name="table" label={t('codegen.table')} rules={[{ required: true, message: t('codegen.tableRequired') }]}>
            <Select
              data-testid="codegen-table"
              showSearch
              loading={tablesLoading}
              options={tableOptions}
              placeholder={t('codegen.tablePlaceholder')}
              notFoundContent={tablesLoading ? undefined : t('codegen.noTables')}
              style={{ maxWidth: 480 }}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="sample"
            label={t('codegen.sample')}
            rules={[
              {
                validator: async (_, text: string | undefined) => {
                  if (!text?.trim()) throw new Error(t('codegen.sampleRequired'));
                  const parsed = parseSample(text);
                  if ('error' in parsed) {
                    throw new Error(
                      parsed.error === 'json' ? t('codegen.badJson', { detail: parsed.detail }) : t('codegen.notObject'),
                    );
                  }
                },
              },
            ]}
          >
            <Input.TextArea
              data-testid="codegen-sample"
              rows={8}
              spellCheck={false}
              placeholder={'{\n  "title": "…",\n  "amount": "1200.00",\n  "signedOn": "2024-05-01"\n}'}
              style={{ fontFamily: token.fontFamilyCode }}
            />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="name" label={t('codegen.name')} tooltip={t('codegen.nameHelp')} rules={nameRules}>
              <Input data-testid="codegen-name" placeholder="meetingRoom" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="area" label={t('codegen.area')} tooltip={t('codegen.areaHelp')} rules={nameRules}>
              <Input data-testid="codegen-area" placeholder="venue" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="api"
              label={t('codegen.api')}
              tooltip={t('codegen.apiHelp')}
              rules={[{ pattern: /^\/[a-z][A-Za-z/]*$/, message: t('codegen.apiPattern') }]}
            >
              <Input data-testid="codegen-api" placeholder="/area/name" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="permission"
              label={t('codegen.permission')}
              tooltip={t('codegen.permissionHelp')}
              rules={[{ pattern: /^[a-z][A-Za-z]*:[a-z][A-Za-z]*$/, message: t('codegen.permissionPattern') }]}
            >
              <Input data-testid="codegen-permission" placeholder="area:name" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          {session.hasPermission('tool:gen:preview') && (
            <Button
              type="primary"
              icon={<EyeOutlined />}
              loading={busy === 'preview'}
              onClick={() => void preview()}
              data-testid="codegen-preview"
            >
              {t('codegen.preview')}
            </Button>
          )}
          {session.hasPermission('tool:gen:download') && (
            <Button
              icon={<DownloadOutlined />}
              loading={busy === 'download'}
              onClick={() => void download()}
              data-testid="codegen-download"
            >
              {t('codegen.download')}
            </Button>
          )}
        </Space>
      </Form>

      <div style={{ marginTop: 24 }}>
        {skipped.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('codegen.skipped', { names: skipped.join(', ') })}
          />
        )}
        {files ? (
          <Tabs
            data-testid="codegen-files"
            items={files.map((f) => ({
              key: f.path,
              label: f.path.split('/').pop(),
              children: (
                <>
                  <Typography.Text type="secondary" copyable={{ text: f.content }}>
                    {f.path}
                  </Typography.Text>
                  <pre
                    data-testid="codegen-file"
                    style={{
                      marginTop: 8,
                      maxHeight: '60vh',
                      overflow: 'auto',
                      padding: 12,
                      fontFamily: token.fontFamilyCode,
                      fontSize: 12,
                      lineHeight: 1.6,
                      background: token.colorFillTertiary,
                      border: `1px solid ${token.colorBorderSecondary}`,
                      borderRadius: token.borderRadius,
                    }}
                  >
                    {f.content}
                  </pre>
                </>
              ),
            }))}
          />
        ) : (
          <Empty description={t('codegen.empty')} />
        )}
      </div>
    </Card>
  );
});
